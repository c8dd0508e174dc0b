import { useEffect, useRef, useState } from "react";
import { useMatches } from "react-router";
import type { AnalyticsBase, AnalyticsHandle, PageFacts } from "../lib/data-layer";
import { buildDataLayer, scriptJson } from "../lib/data-layer-builder";

declare global {
  interface Window {
    utag_data?: unknown;
  }
}

const ELEMENT_ID = "utag-data";
type Failure = { status: number; api: boolean } | undefined;

/** What the deepest route that describes its page says about it, from its loader's data. */
function pageFacts(matches: ReturnType<typeof useMatches>): PageFacts | undefined {
  for (const match of [...matches].reverse()) {
    const describe = (match.handle as AnalyticsHandle | undefined)?.analytics;
    if (describe && match.data !== undefined && match.data !== null) return describe(match.data as never);
  }
  return undefined;
}

/**
 * The layer as JSON: built on the server; in the browser, the element the server wrote until the
 * page changes (Vite drops the server's branch, and with it the builder, from the browser's code).
 */
function firstJson(base: AnalyticsBase | undefined, page: PageFacts | undefined, error: Failure): string | undefined {
  if (!base) return undefined;
  if (import.meta.env.SSR) return scriptJson(buildDataLayer(base, page, error));
  return document.getElementById(ELEMENT_ID)?.textContent ?? undefined;
}

/**
 * The page's analytics data layer as JSON (`#utag-data`, decision 080), only when the shopper
 * allowed analytics (the root loader then sends `base`). It is data, not a script: no tag script
 * is loaded. After a client navigation the browser loads the builder and keeps `#utag-data` and
 * `window.utag_data` in step; a shopper who never allowed analytics never loads it.
 */
export function DataLayerScript({ base, error }: { base: AnalyticsBase | undefined; error?: Failure }) {
  const matches = useMatches();
  const page = base ? pageFacts(matches) : undefined;
  const [built, setBuilt] = useState(() => firstJson(base, page, error));
  const json = base ? built : undefined;
  const first = useRef(true);
  // Only the browser rebuilds the layer; the server's render has no use for the key.
  const pageKey = base && !import.meta.env.SSR ? JSON.stringify([base, page, error]) : "";
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!base) return;
    let current = true;
    void import("../lib/data-layer-builder").then(({ buildDataLayer, scriptJson }) => {
      if (current) setBuilt(scriptJson(buildDataLayer(base, page, error)));
    });
    return () => {
      current = false;
    };
    // pageKey stands for base, page and error: a new object each render with the same facts is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey]);
  useEffect(() => {
    if (json) window.utag_data = JSON.parse(json);
    else delete window.utag_data;
  }, [json]);
  return json ? <script type="application/json" id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: json }} suppressHydrationWarning /> : null;
}
