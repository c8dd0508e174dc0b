import { useEffect } from "react";
import { useMatches } from "react-router";
import { type AnalyticsBase, type AnalyticsHandle, buildDataLayer, type PageFacts, scriptJson } from "../lib/data-layer";

declare global {
  interface Window {
    utag_data?: unknown;
  }
}

/** What the deepest route that describes its page says about it, from its loader's data. */
function pageFacts(matches: ReturnType<typeof useMatches>): PageFacts | undefined {
  for (const match of [...matches].reverse()) {
    const describe = (match.handle as AnalyticsHandle | undefined)?.analytics;
    if (describe && match.data !== undefined && match.data !== null) return describe(match.data as never);
  }
  return undefined;
}

/**
 * The page's analytics data layer as JSON (`#utag-data`, decision 080), only when the shopper
 * allowed analytics (the root loader then sends `base`). It is data, not a script: no tag script
 * is loaded. After the first page, client navigations keep `window.utag_data` in step.
 */
export function DataLayerScript({ base, error }: { base: AnalyticsBase | undefined; error?: { status: number; api: boolean } }) {
  const matches = useMatches();
  const json = base ? scriptJson(buildDataLayer(base, pageFacts(matches), error)) : undefined;
  useEffect(() => {
    if (json) window.utag_data = JSON.parse(json);
    else delete window.utag_data;
  }, [json]);
  return json ? <script type="application/json" id="utag-data" dangerouslySetInnerHTML={{ __html: json }} /> : null;
}
