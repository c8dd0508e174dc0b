import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter, type HydratedRouterProps } from "react-router/dom";

// With client logging on (decision 083) the page carries the reporter's settings, and the root
// loads the reporter (app/components/ClientMonitoring.tsx), which listens for this event: a
// loader's, an action's or a render's error that React Router caught in the browser. The entry
// imports nothing of it, so every page's first scripts stay those of a page without it.
const onError: HydratedRouterProps["onError"] = document.querySelector('meta[name="client-monitoring"]')
  ? (error, info) => window.dispatchEvent(new CustomEvent("brewfront:page-error", { detail: { error, info } }))
  : undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter onError={onError} />
    </StrictMode>,
  );
});
