import { sql } from "kysely";
import type { Db } from "./index";

/** Campaign guides' queries (decision 069). */

export interface PodBoxRow {
  code: string;
  base_code: string;
  product_type: string;
  pack_type: string | null;
  pack_size: number | null;
  roast: string | null;
  flavor: string | null;
  caffeine: string | null;
  flags: string;
  sales_rank: number;
  list_minor: number | null;
}

/** What narrows and orders the boxes: firm answers filter, tastes order (the rule re-scores what comes back). */
export interface PodBoxQuery {
  site: string;
  currency: string;
  productType?: string;
  caffeine?: string;
  roast?: string;
  neighbouringRoasts: readonly string[];
  /** Lower case, as the flavour notes are compared. */
  flavour?: string;
  limit: number;
}

/**
 * The boxes of pods in stock (K-Cup variants of coffee, tea or cocoa) the site sells, with their
 * shelf price, best matches for the tastes first, then best sellers: at most `limit`, so a catalog
 * of a hundred thousand families is not read whole for six suggestions.
 */
export async function podBoxesOn(db: Db, q: PodBoxQuery): Promise<PodBoxRow[]> {
  const roastScore = q.roast
    ? sql<number>`case when ${sql.ref("product.roast")} = ${q.roast} then 2 when ${sql.ref("product.roast")} in (${sql.join(
        q.neighbouringRoasts.length ? q.neighbouringRoasts : [""],
      )}) then 1 else 0 end`
    : sql<number>`0`;
  const flavourScore = q.flavour ? sql<number>`case when lower(${sql.ref("product.flavor")}) = ${q.flavour} then 2 else 0 end` : sql<number>`0`;
  let query = db
    .selectFrom("product")
    .innerJoin("product_site", (j) => j.onRef("product_site.product_code", "=", "product.code").on("product_site.site", "=", q.site))
    .innerJoin("stock", "stock.product_code", "product.code")
    .leftJoin("price", (j) =>
      j.onRef("price.product_code", "=", "product.code").on("price.currency", "=", q.currency).on("price.kind", "=", "list").on("price.user_group", "=", ""),
    )
    .select([
      "product.code",
      "product.base_code",
      "product.product_type",
      "product.pack_type",
      "product.pack_size",
      "product.roast",
      "product.flavor",
      "product.caffeine",
      "product.flags",
      "product.sales_rank",
      "price.value as list_minor",
    ])
    .where("product.base_code", "is not", null)
    .where("product.pack_type", "=", "KCup")
    .where("product.product_type", "in", q.productType ? [q.productType] : ["Coffee", "Tea", "Cocoa"])
    .where("stock.level", ">", 0);
  if (q.caffeine) query = query.where("product.caffeine", "=", q.caffeine);
  const rows = await query
    .orderBy(sql`${roastScore} + ${flavourScore}`, "desc")
    .orderBy("product.sales_rank")
    .orderBy("product.code")
    .limit(q.limit)
    .execute();
  return rows.flatMap((r) => (r.base_code === null ? [] : [{ ...r, base_code: r.base_code }]));
}
