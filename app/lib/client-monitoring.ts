import { isRouteErrorResponse } from "react-router";
import { init, sentryOnError } from "@sentry/react-router";
import { type ClientMonitoringSettings, scrubEvent } from "./monitoring";

let started = false;

/**
 * The browser's error reporter (decision 083), loaded by app/components/ClientMonitoring.tsx as a
 * chunk of its own only when the page asks for it: uncaught errors, unhandled rejections and the
 * page errors app/entry.client.tsx passes on go to the monitoring service with the page's
 * correlation id, brand, language and kind of visitor, scrubbed like the server's. No sessions,
 * no tracing: errors only. Started once per page load; client navigations keep it.
 */
export function startClientMonitoring(settings: ClientMonitoringSettings): void {
  if (started) return;
  started = true;
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    sendDefaultPii: false,
    initialScope: { tags: settings.tags },
    integrations: (defaults) => defaults.filter((integration) => integration.name !== "BrowserSession"),
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
  });
  window.addEventListener("brewfront:page-error", (event) => {
    const { error, info } = (event as CustomEvent<{ error: unknown; info: Parameters<typeof sentryOnError>[1] }>).detail;
    reportPageError(error, info);
  });
  // Customer service (and the tests) can tell from the page that its errors are being reported.
  document.documentElement.dataset.clientLogging = "on";
}

/** A page's error that React Router caught in the browser (the error page showed); a 4xx answer is the visitor's, not the store's. */
function reportPageError(...[error, info]: Parameters<typeof sentryOnError>): void {
  if (isRouteErrorResponse(error) && error.status < 500) return;
  sentryOnError(error, info);
}
