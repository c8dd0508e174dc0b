import { createHash } from "node:crypto";
import type { Response } from "express";
import { Memo } from "../../lib/memo";

/** A kept answer's bytes and the ETag Express would have made for them. */
interface KeptBody {
  bytes: Buffer;
  etag: string;
}

const keptBodies = new Memo<KeptBody>({ max: 50 });

/** Forgets the kept bodies (with the answers they were made from). */
export function forgetKeptBodies(): void {
  keptBodies.clear();
}

/** Express's default weak ETag for a body: its length and the start of its SHA-1, so clients see no change. */
function weakEtag(bytes: Buffer): string {
  return `W/"${bytes.length.toString(16)}-${createHash("sha1").update(bytes).digest("base64").substring(0, 27)}"`;
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
 * conditional (the storefront sends If-None-Match): Express would turn the text into bytes and
 * hash them on every ask only to answer 304. The bytes and their ETag are kept with the text
 * instead, for the last fifty answers (a Map finds the same string object without reading it).
 */
export function sendKeptJson(res: Response, text: string): void {
  const kept = keptBodies.get(text, () => {
    const bytes = Buffer.from(text, "utf8");
    return { bytes, etag: weakEtag(bytes) };
  });
  res.set("ETag", kept.etag).set("Cache-Control", CATALOG_CACHE_CONTROL).type("application/json").send(kept.bytes);
}
