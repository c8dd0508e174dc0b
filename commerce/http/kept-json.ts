import { createHash } from "node:crypto";
import type { Response } from "express";
import { Memo } from "../../lib/memo";

/** The ETags of the last fifty kept answers (a Map finds the same string object without reading it). */
const keptEtags = new Memo<string>({ max: 50 });

/** Forgets the kept ETags (with the answers they were made from). */
export function forgetKeptEtags(): void {
  keptEtags.clear();
}

/**
 * Express's default weak ETag for a body: its length in bytes and the start of its SHA-1, so
 * clients see no change. Hashed from the text, which gives the same digest as its UTF-8 bytes.
 */
function weakEtag(text: string): string {
  return `W/"${Buffer.byteLength(text, "utf8").toString(16)}-${createHash("sha1").update(text, "utf8").digest("base64").substring(0, 27)}"`;
}

/**
 * For answers that change only with the catalog (listings, products, recommendations, best
 * sellers, carousels, media): a caller may use one again for a second without asking. The
 * service's own processes already learn of each other's changes a quarter of a second late
 * (CATALOG_SYNC_MS). For a minute after that it may go on using one while it asks again
 * (stale-while-revalidate), as a browser may keep the storefront's own catalog pages for a minute
 * (decision 031). `private`: an answer may hold one shopper's prices (a member's, asked for with
 * their token).
 */
export const CATALOG_CACHE_CONTROL = "private, max-age=1, stale-while-revalidate=60";

/** Sends an answer that changes only with the catalog (see CATALOG_CACHE_CONTROL) as JSON. */
export function sendCatalogJson(res: Response, body: unknown): void {
  res.set("Cache-Control", CATALOG_CACHE_CONTROL).json(body);
}

/**
 * Sends an answer the service keeps as JSON text (search and category pages, remembered until the
 * catalog changes). The same text is asked for over and over, and most of those asks are
 * conditional (the storefront sends If-None-Match): Express would hash the text on every ask only
 * to answer 304, so the ETag is kept with it, and a 304 is answered before any bytes are made.
 * Its bytes are not kept: they would live outside V8's heap, and every new search's kept bytes
 * counted toward the external memory that starts a full garbage collection (decision 039).
 */
export function sendKeptJson(res: Response, text: string): void {
  res
    .set(
      "ETag",
      keptEtags.get(text, () => weakEtag(text)),
    )
    .set("Cache-Control", CATALOG_CACHE_CONTROL);
  if (res.req.fresh) {
    res.status(304).end();
    return;
  }
  res.type("application/json").send(text);
}
