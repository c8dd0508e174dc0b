import { storefrontConfig } from "../config.server";
import type { StorefrontContext } from "./context";
import { type ClientMonitoringSettings, monitoringTags, visitorKind } from "./monitoring";

/**
 * What this page hands the browser's error reporter: only when SENTRY_DSN is set and the browser's
 * `clientLogging` cookie is on (decision 083). Otherwise nothing, and the DSN never reaches a page.
 * The tags are this page's request's: its correlation id ties the browser's report to the server's logs.
 */
export function clientMonitoringFor(
  context: Pick<StorefrontContext, "clientLogging" | "correlationId" | "brand" | "lang" | "shopper">,
): ClientMonitoringSettings | undefined {
  const { dsn, environment } = storefrontConfig().errorMonitoring;
  if (!dsn || !context.clientLogging) return undefined;
  const tags = monitoringTags({ correlationId: context.correlationId, brand: context.brand.id, lang: context.lang, visitor: visitorKind(context.shopper) });
  return { dsn, environment, tags };
}
