import { CLIENT_MONITORING_META, type ClientMonitoringSettings } from "../lib/monitoring";

/**
 * The browser's error reporter's settings, for app/entry.client.tsx to find; rendered only when the
 * page's loader gave some (client logging on, decision 083).
 */
export function ClientMonitoringSettingsMeta({ settings }: { settings: ClientMonitoringSettings | undefined }) {
  return settings ? <meta name={CLIENT_MONITORING_META} content={JSON.stringify(settings)} /> : null;
}
