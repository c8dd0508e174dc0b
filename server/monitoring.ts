import type { Logger } from "pino";
import type { ErrorMonitoringSettings } from "../app/config.server";
import { type ErrorMonitor, monitoringTags, scrubEvent } from "../app/lib/monitoring";

/**
 * What an error report needs when nothing is traced. The rest of the defaults follow every request
 * (its own scope, its outgoing calls as breadcrumbs, its session) for what handleError already
 * attaches, the request's tags and address; a report's stack keeps its source lines.
 */
const ERRORS_ONLY = new Set(["InboundFilters", "FunctionToString", "LinkedErrors", "NodeSystemError", "OnUncaughtException", "ContextLines", "Context"]);

/**
 * Starts the error-monitoring SDK in this serving process when SENTRY_DSN is set (decision 083);
 * without it the SDK is never imported and nothing is reported. Uncaught exceptions and unhandled
 * rejections are reported by the SDK's own process handlers (an uncaught exception still ends the
 * process, as Node would); errors in a page are reported by the storefront's handleError, with the
 * request's correlation id, brand, language and kind of visitor.
 */
export async function startErrorMonitoring(settings: ErrorMonitoringSettings, logger: Logger): Promise<ErrorMonitor | undefined> {
  const { dsn } = settings;
  if (!dsn) return undefined;
  const Sentry = await import("@sentry/react-router");
  const tracing = settings.tracesSampleRate > 0;
  Sentry.init({
    dsn,
    environment: settings.environment,
    // Errors only unless asked: a trace per request costs every page.
    ...(tracing ? { tracesSampleRate: settings.tracesSampleRate } : {}),
    sendDefaultPii: false,
    // The store is an ES module bundle: Sentry's import hooks would wrap every module it loads, for
    // automatic tracing the store does not use.
    registerEsmLoaderHooks: false,
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== "OnUnhandledRejection" && (tracing || ERRORS_ONLY.has(integration.name))),
      // The store's logger already writes each one down; the SDK only reports it.
      Sentry.onUnhandledRejectionIntegration({ mode: "none" }),
    ],
    initialScope: { tags: { service: "storefront" } },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
  });
  logger.info({ environment: settings.environment, host: new URL(dsn).host }, "error monitoring on");
  return {
    report(error, facts) {
      Sentry.captureException(error, {
        // React Router caught it for the store: the shopper saw the error page, nothing was handled.
        mechanism: { type: "react-router", handled: false },
        captureContext: { tags: monitoringTags(facts), contexts: { page: { url: facts.url, method: facts.method } } },
      });
    },
  };
}

/** The DSN's origin, which the browser reports to when client logging is on (the CSP's connect-src). */
export function monitoringOrigin(settings: ErrorMonitoringSettings): string | undefined {
  return settings.dsn ? new URL(settings.dsn).origin : undefined;
}
