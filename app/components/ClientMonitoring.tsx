import { useEffect } from "react";
import type { ClientMonitoringSettings } from "../lib/monitoring";

/**
 * The browser's error reporter (decision 083), only when the page's loader gave its settings
 * (client logging on): the meta element tells app/entry.client.tsx to pass on the errors React
 * Router catches, and the reporter is fetched as a chunk of its own once the page is interactive.
 * Every other page loads none of it.
 */
export function ClientMonitoring({ settings }: { settings: ClientMonitoringSettings | undefined }) {
  useEffect(() => {
    if (settings) void import("../lib/client-monitoring").then((monitoring) => monitoring.startClientMonitoring(settings));
  }, [settings]);
  return settings ? <meta name="client-monitoring" content={JSON.stringify(settings)} /> : null;
}
