import { renderToString } from "react-dom/server";
import { Memo } from "../../lib/memo";
import type { MarkupCache } from "./markup-cache";

/**
 * About 17 kB per product grid; the most recently used 300 are kept per worker. renderToString
 * writes the same HTML as the page's own render (text separators included), so the browser
 * hydrates it as if the page had rendered it.
 */
const grids = new Memo<string>({ max: 300 });

export const markupCache: MarkupCache = (key, subtree) => grids.get(key, () => renderToString(subtree()));
