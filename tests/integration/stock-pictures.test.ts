import { describe, expect, it } from "vitest";
import type { Db } from "../../commerce/db/index";
import { redrawStockPictures } from "../../commerce/seed/pictures";
import { seededDatabaseForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

const firstImage = async (db: Db, code: string) =>
  (await db.selectFrom("media").select("image_name").where("product_code", "=", code).where("position", "=", 0).executeTakeFirstOrThrow()).image_name;

const setFirstImage = (db: Db, code: string, name: string) =>
  db.updateTable("media").set({ image_name: name }).where("product_code", "=", code).where("position", "=", 0).execute();

describe.each(DIALECTS)("a store seeded before pictures were drawn, on %s", (dialect) => {
  const database = seededDatabaseForSuite(dialect);

  it("gives each product that shows a stock illustration its drawn picture, and keeps any other image", async () => {
    const db = database();
    const drawn = {
      coffee: await firstImage(db, "5003-SMRG-KC-24"),
      brewer: await firstImage(db, "8003-BFBR-BRW-RED"),
      frother: await firstImage(db, "9007-BFAC-ACC-1"),
    };
    await setFirstImage(db, "5003-SMRG-KC-24", "pod-dark.svg");
    await setFirstImage(db, "8003-BFBR-BRW-RED", "brewer-red.svg");
    await setFirstImage(db, "9007-BFAC-ACC-1", "accessory-milk-frother.svg");
    await setFirstImage(db, "5001-SMRG-KC-24", "photos/breakfast-blend.jpg");

    expect(await redrawStockPictures(db)).toBe(3);
    expect(await firstImage(db, "5003-SMRG-KC-24")).toBe(drawn.coffee);
    expect(await firstImage(db, "8003-BFBR-BRW-RED")).toBe(drawn.brewer);
    expect(await firstImage(db, "9007-BFAC-ACC-1")).toBe(drawn.frother);
    expect(drawn.coffee).toBe("drawn/pod.dark.SMRG.24.5003-SMRG.svg");
    expect(await firstImage(db, "5001-SMRG-KC-24")).toBe("photos/breakfast-blend.jpg");
    // Done once: the next start finds nothing to redraw.
    expect(await redrawStockPictures(db)).toBe(0);
  });

  it("draws a bench catalog coffee's pod from its roast and brand", async () => {
    const db = database();
    await db
      .insertInto("product")
      .values({
        code: "100007-HRBR",
        base_code: null,
        brand_code: "HRBR",
        brand_name: "Harbor Roast",
        product_type: "Coffee",
        series: null,
        pack_type: null,
        pack_size: null,
        color: null,
        roast: "medium",
        flavor: "Nutty",
        caffeine: "caffeinated",
        default_variant: 0,
        is_bundle: 0,
        bundle_marker: 0,
        flags: "{}",
        sales_rank: 100,
        created_at: new Date(0).toISOString(),
      })
      .execute();
    await db
      .insertInto("media")
      .values({ product_code: "100007-HRBR", position: 0, image_name: "pod-medium.svg", media_type: "image", video_ref: null })
      .execute();
    expect(await redrawStockPictures(db)).toBe(1);
    expect(await firstImage(db, "100007-HRBR")).toBe("drawn/pod.medium.HRBR.24.100007-HRBR.svg");
    expect(await redrawStockPictures(db)).toBe(0);
  });
});
