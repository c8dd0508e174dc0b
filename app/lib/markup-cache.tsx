import { createContext, type ReactElement } from "react";

/**
 * On the server, the HTML of a subtree rendered once and reused for the same key; null in the
 * browser, where the subtree is rendered (and hydrated) as usual. The key must name everything
 * the subtree's HTML depends on, and the subtree must not use hooks that read the page (it is
 * rendered on its own, outside the page's router).
 */
export type MarkupCache = (key: string, subtree: () => ReactElement) => string;

export const MarkupCacheContext = createContext<MarkupCache | null>(null);
