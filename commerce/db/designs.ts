import type { Insertable, Selectable } from "kysely";
import type { DrinkDesignTable } from "./design-tables";
import type { Db } from "./index";

export type DrinkDesignRow = Selectable<DrinkDesignTable>;
export type NewDrinkDesign = Insertable<DrinkDesignTable>;
export type DrinkDesignChange = Partial<Pick<DrinkDesignRow, "name" | "product_code" | "size" | "strength" | "milk" | "sweetness" | "shots">>;

/** The beverage kinds a drink can be made from: pods one brews and drinks. */
const BEVERAGE_TYPES = ["Coffee", "Tea", "Cocoa"];

/** The member's designs on the store, the latest changed first. */
export async function designsOf(db: Db, customerId: string, site: string): Promise<DrinkDesignRow[]> {
  return db
    .selectFrom("drink_design")
    .selectAll()
    .where("customer_id", "=", customerId)
    .where("site", "=", site)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** One design by id; the caller checks its owner and store. */
export async function findDesign(db: Db, id: number): Promise<DrinkDesignRow | undefined> {
  return db.selectFrom("drink_design").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countDesigns(db: Db, customerId: string, site: string): Promise<number> {
  const row = await db
    .selectFrom("drink_design")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("customer_id", "=", customerId)
    .where("site", "=", site)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDesign(trx: Db, design: NewDrinkDesign): Promise<number> {
  const row = await trx.insertInto("drink_design").values(design).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the member's design; answers whether there was one to change. */
export async function updateDesign(trx: Db, id: number, customerId: string, change: DrinkDesignChange, at: string): Promise<boolean> {
  const result = await trx
    .updateTable("drink_design")
    .set({ ...change, updated_at: at })
    .where("id", "=", id)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the member's design; answers whether there was one. */
export async function deleteDesign(trx: Db, id: number, customerId: string, site: string): Promise<boolean> {
  const result = await trx.deleteFrom("drink_design").where("id", "=", id).where("customer_id", "=", customerId).where("site", "=", site).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The pods a drink can be made from on the store: for each coffee, tea and cocoa, its smallest
 * pod box sold there, in code order.
 */
export async function podBeveragesOn(db: Db, site: string): Promise<{ code: string; kind: string }[]> {
  const rows = await db
    .selectFrom("product")
    .innerJoin("product_site", "product_site.product_code", "product.code")
    .select(["product.code", "product.base_code", "product.product_type", "product.pack_size"])
    .where("product_site.site", "=", site)
    .where("product.pack_type", "=", "KCup")
    .where("product.base_code", "is not", null)
    .where("product.product_type", "in", BEVERAGE_TYPES)
    .orderBy("product.base_code")
    .orderBy("product.pack_size")
    .orderBy("product.code")
    .execute();
  const smallest = new Map<string, { code: string; kind: string }>();
  for (const r of rows) if (!smallest.has(r.base_code!)) smallest.set(r.base_code!, { code: r.code, kind: r.product_type });
  return [...smallest.values()];
}

/** Whether the product is a pod of a coffee, tea or cocoa sold on the store: a base a drink can be made from. */
export async function isPodBeverageOn(db: Db, site: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom("product")
    .innerJoin("product_site", "product_site.product_code", "product.code")
    .select("product.code")
    .where("product.code", "=", code)
    .where("product_site.site", "=", site)
    .where("product.pack_type", "=", "KCup")
    .where("product.product_type", "in", BEVERAGE_TYPES)
    .executeTakeFirst();
  return row !== undefined;
}
