import type { Response } from "express";
import { Memo } from "../../lib/memo";

/**
 * The ETags of the last fifty kept answers (a Map finds the same string object without reading
 * it). Only the ETags: the answers' bytes would live outside V8's heap (decision 039).
 */
const keptEtags = new Memo<string>({ max: 50 });

/** Forgets the kept ETags (with the answers they were made from). */
export function forgetKeptEtags(): void {
  keptEtags.clear();
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
 */
export function sendKeptJson(res: Response, text: string): void {
  // The app's own ETag maker (weak by default), so a kept answer's ETag is the one Express would send.
  const etagOf = res.app.get("etag fn") as ((body: string, encoding: BufferEncoding) => string) | undefined;
  if (etagOf) {
    const etag = keptEtags.get(text, () => etagOf(text, "utf8"));
    res.set("ETag", etag);
  }
  res.set("Cache-Control", CATALOG_CACHE_CONTROL);
  if (res.req.fresh) {
    res.status(304).end();
    return;
  }
  res.type("application/json").send(text);
}
