import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { CLIENT_MONITORING_META } from "./lib/monitoring";

// The error reporter is a chunk of its own, fetched only when the page carries its settings
// (client logging on, decision 083): every other page's scripts stay as they were.
const monitoring = document.querySelector<HTMLMetaElement>(`meta[name="${CLIENT_MONITORING_META}"]`);
if (monitoring) void import("./lib/client-monitoring").then(({ startClientMonitoring }) => startClientMonitoring(JSON.parse(monitoring.content)));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
