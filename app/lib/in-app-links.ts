import { useRouteLoaderData } from "react-router";

/**
 * Inside the mobile web-app wrapper (`webapp=1`, decision 084) every link on a page stays on the
 * store's own origin: the wrapper's web view shows only the store, and a link to another host, a
 * new window, or a scheme the view does not handle (mailto:, tel:) would strand the shopper
 * outside the app. Only paths on this origin count as in the app.
 */
export function staysInApp(href: string): boolean {
  const h = href.trim();
  if (h.startsWith("#") || h.startsWith("?")) return true;
  // A path, but not a protocol-relative URL (//host, or /\host, which browsers read the same way).
  if (h.startsWith("/")) return !h.startsWith("//") && !h.startsWith("/\\");
  // Anything with a scheme (https:, mailto:, tel:, javascript:) leaves; so does nothing at all.
  return h !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(h);
}

/** Whether the page is drawn for the web-app wrapper (the root loader says; an error page without its data: no). */
export function useWebApp(): boolean {
  const root = useRouteLoaderData("root") as { webapp?: boolean } | undefined;
  return root?.webapp === true;
}
