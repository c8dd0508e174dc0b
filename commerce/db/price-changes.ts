import type { Db } from "./index";
import { lockingRows } from "./write-transaction";

export interface VariantPrices {
  listPrice: number;
  salePrice: number | null;
}

/**
 * Sets a product's list price and sale price (the `discount` price everyone gets) in one currency
 * inside the caller's write transaction, and records the change with who made it. `salePrice`
 * undefined keeps the sale as it is; null ends it. Answers the prices before, or null when the
 * product has no list price in that currency (it is not sold in it).
 */
export async function changeVariantPrices(
  trx: Db,
  change: { code: string; currency: string; listPrice: number; salePrice: number | null | undefined; at: string; by: string },
): Promise<VariantPrices | null> {
  const query = trx
    .selectFrom("price")
    .select(["kind", "value"])
    .where("product_code", "=", change.code)
    .where("currency", "=", change.currency)
    .where("user_group", "=", "")
    .where("kind", "in", ["list", "discount"]);
  const rows = await (lockingRows(trx) ? query.forUpdate() : query).execute();
  const list = rows.find((r) => r.kind === "list");
  if (!list) return null;
  const before: VariantPrices = { listPrice: list.value, salePrice: rows.find((r) => r.kind === "discount")?.value ?? null };
  const salePrice = change.salePrice === undefined ? before.salePrice : change.salePrice;
  const ofThisPrice = (kind: "list" | "discount") =>
    trx
      .updateTable("price")
      .where("product_code", "=", change.code)
      .where("currency", "=", change.currency)
      .where("user_group", "=", "")
      .where("kind", "=", kind);
  await ofThisPrice("list").set({ value: change.listPrice }).execute();
  if (salePrice === null) {
    await trx
      .deleteFrom("price")
      .where("product_code", "=", change.code)
      .where("currency", "=", change.currency)
      .where("user_group", "=", "")
      .where("kind", "=", "discount")
      .execute();
  } else if (before.salePrice === null) {
    await trx
      .insertInto("price")
      .values({ product_code: change.code, currency: change.currency, user_group: "", kind: "discount", value: salePrice })
      .execute();
  } else {
    await ofThisPrice("discount").set({ value: salePrice }).execute();
  }
  await trx
    .insertInto("price_change")
    .values({
      product_code: change.code,
      currency: change.currency,
      list_before: before.listPrice,
      list_after: change.listPrice,
      sale_before: before.salePrice,
      sale_after: salePrice,
      changed_at: change.at,
      changed_by: change.by.slice(0, 64),
    })
    .execute();
  return before;
}
