import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// The error reporter is a chunk of its own, fetched only when the page carries its settings
// (client logging on, decision 083; app/components/ClientMonitoring.tsx writes the meta element):
// every other page's scripts stay as they were.
const settings = document.querySelector<HTMLMetaElement>('meta[name="client-monitoring"]')?.content;
const reporter = settings
  ? import("./lib/client-monitoring").then((monitoring) => {
      monitoring.startClientMonitoring(JSON.parse(settings));
      return monitoring;
    })
  : undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      {/* A loader's, an action's or a render's error in the browser: the error page shows, and the reporter hears of it. */}
      <HydratedRouter onError={reporter ? (error, info) => void reporter.then((monitoring) => monitoring.reportPageError(error, info)) : undefined} />
    </StrictMode>,
  );
});
