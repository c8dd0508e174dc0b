import type { Db } from "./index";

/** A product family's gallery in display order (images, and videos with their player reference). */
export async function mediaItems(db: Db, baseCode: string) {
  return db.selectFrom("media").select(["image_name", "media_type", "video_ref"]).where("product_code", "=", baseCode).orderBy("position").execute();
}
