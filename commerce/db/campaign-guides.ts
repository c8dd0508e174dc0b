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
  level: number | null;
  list_minor: number | null;
}

/** Every box of pods (a K-Cup variant of coffee, tea or cocoa) the site sells, with its stock and its shelf price in `currency`. */
export function podBoxesOn(db: Db, site: string, currency: string): Promise<PodBoxRow[]> {
  return db
    .selectFrom("product")
    .innerJoin("product_site", (j) => j.onRef("product_site.product_code", "=", "product.code").on("product_site.site", "=", site))
    .leftJoin("stock", "stock.product_code", "product.code")
    .leftJoin("price", (j) =>
      j.onRef("price.product_code", "=", "product.code").on("price.currency", "=", currency).on("price.kind", "=", "list").on("price.user_group", "=", ""),
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
      "stock.level",
      "price.value as list_minor",
    ])
    .where("product.base_code", "is not", null)
    .where("product.pack_type", "=", "KCup")
    .where("product.product_type", "in", ["Coffee", "Tea", "Cocoa"])
    .orderBy("product.code")
    .execute() as Promise<PodBoxRow[]>;
}
