import type { ClientMonitoringSettings } from "../lib/monitoring";

/**
 * The browser's error reporter's settings, for app/entry.client.tsx to find by this meta element's
 * name; rendered only when the page's loader gave some (client logging on, decision 083). Nothing
 * here is imported by the entry: a module both shared would be one more script on every page.
 */
export function ClientMonitoringSettingsMeta({ settings }: { settings: ClientMonitoringSettings | undefined }) {
  return settings ? <meta name="client-monitoring" content={JSON.stringify(settings)} /> : null;
}
