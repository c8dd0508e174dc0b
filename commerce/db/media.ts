import type { Db } from "./index";

/** A product family's gallery in display order (images, and videos with their player reference). */
export async function mediaItems(db: Db, baseCode: string) {
  return db.selectFrom("media").select(["image_name", "media_type", "video_ref"]).where("product_code", "=", baseCode).orderBy("position").execute();
}

/**
 * Images that name none of the drawn pictures (`drawn/...`), with the facts a picture is drawn
 * from. Only first images: the rest of a gallery (the cup, the video poster) stays as it is.
 */
export async function undrawnFirstImages(db: Db) {
  return db
    .selectFrom("media")
    .innerJoin("product", "product.code", "media.product_code")
    .select(["media.product_code", "media.image_name", "product.product_type", "product.roast", "product.brand_code"])
    .where("media.position", "=", 0)
    .where("media.media_type", "=", "image")
    .where("media.image_name", "not like", "drawn/%")
    .execute();
}

/** Gives first images new names, in one write transaction's `trx`. */
export async function renameFirstImages(trx: Db, names: readonly { product_code: string; image_name: string }[]) {
  for (const { product_code, image_name } of names) {
    await trx.updateTable("media").set({ image_name }).where("product_code", "=", product_code).where("position", "=", 0).execute();
  }
}
