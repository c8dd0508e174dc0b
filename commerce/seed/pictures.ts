import type { Db } from "../db/index";
import { renameFirstImages, undrawnFirstImages } from "../db/media";
import { writeTransaction } from "../db/write-transaction";
import { buildCatalog, coffeePicture } from "./catalog";

const ROASTS = new Set(["light", "medium", "dark"] as const);
/** The stock illustrations products used to share; any other image is someone's choice and is kept. */
const STOCK_PICTURE = /^(?:(?:pod|bag)-(?:light|medium|dark)|can|tea|cocoa|bundle|accessory(?:-[a-z0-9-]+)?|brewer-(?:blk|wht|red|nvy|sge|slv))\.svg$/;

/**
 * Databases seeded before products had drawn pictures name one of a handful of stock
 * illustrations as every product's first image. Each demo product gets the picture the seed
 * gives it now, and each other coffee (the bench catalog's) the pod picture of its facts; what
 * cannot be told from the facts, and any image that is not a stock one, is kept. Safe on every start: it finds nothing to do once done.
 */
export async function redrawStockPictures(db: Db): Promise<number> {
  const stale = (await undrawnFirstImages(db)).filter((row) => STOCK_PICTURE.test(row.image_name));
  if (stale.length === 0) return 0;
  const seeded = new Map(
    buildCatalog()
      .media.filter((m) => m.position === 0)
      .map((m) => [m.product_code, m.image_name]),
  );
  const names = stale.flatMap((row) => {
    const image_name =
      seeded.get(row.product_code) ??
      (row.product_type === "Coffee" && ROASTS.has(row.roast as "light") && /^[A-Z0-9]{2,6}$/.test(row.brand_code)
        ? coffeePicture({ packType: "KCup", size: 24 }, row.roast as "light", row.brand_code, row.product_code.split("-").slice(0, 2).join("-"))
        : undefined);
    return image_name && image_name !== row.image_name ? [{ product_code: row.product_code, image_name }] : [];
  });
  if (names.length > 0) await writeTransaction(db, (trx) => renameFirstImages(trx, names));
  return names.length;
}
