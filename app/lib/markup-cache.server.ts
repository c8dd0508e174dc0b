import { createHash } from "node:crypto";
import { renderToString } from "react-dom/server";
import { Memo } from "../../lib/memo";
import type { MarkupCache } from "./markup-cache";

/**
 * The most recently used 600 subtrees per worker (product grids and facet panels), each kept under
 * a digest of its input (a product grid's input is about 5 kB of JSON, its HTML about 17 kB, a
 * facet panel's HTML up to about 15 kB, twice that in memory when the text holds characters
 * beyond Latin-1): about 20 MB at most.
 *
 * renderToString writes the same HTML as the page's own render (text separators included), so
 * the browser hydrates it as if the page had rendered it. It is a renderer of its own, so a
 * subtree rendered here sees none of the page's contexts and leaves the page's ids alone.
 */
const rendered = new Memo<string>({ max: 600 });

/** Forgets every rendered subtree (see warmUpStorefront). */
export function forgetRenderedMarkup(): void {
  rendered.clear();
}

export const markupCache: MarkupCache = (kind, input, render) => {
  const key = `${kind}:${createHash("sha1").update(JSON.stringify(input)).digest("base64")}`;
  return rendered.get(key, () => inOnePiece(renderToString(render(input))));
};

/**
 * The same text copied into one piece. renderToString builds its HTML by joining thousands of
 * short strings, and the engine keeps such a string as the tree of its pieces: a product grid's
 * 20 kB of HTML held about 2,000 tree nodes and 190 kB of heap. Kept for the worker's life, those
 * trees were a third of all the objects every full garbage collection had to walk.
 */
function inOnePiece(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}
