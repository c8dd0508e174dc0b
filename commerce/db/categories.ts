import type { BrandId, Lang } from "../contract/common";
import type { Db } from "./index";

export interface CategoryRow {
  code: string;
  parent_code: string | null;
  slug: string;
  position: number;
  name: string;
}

export async function siteCategories(db: Db, site: BrandId, lang: Lang): Promise<CategoryRow[]> {
  return db
    .selectFrom("category")
    .innerJoin("category_site", (j) => j.onRef("category_site.category_code", "=", "category.code").on("category_site.site", "=", site))
    .innerJoin("category_text", (j) => j.onRef("category_text.category_code", "=", "category.code").on("category_text.lang", "=", lang))
    .select(["category.code", "category.parent_code", "category.slug", "category.position", "category_text.name"])
    .orderBy("category.position")
    .execute();
}

/** A site language's keyword redirects: the category page each keyword (normalised) leads to. */
export async function keywordRedirects(db: Db, site: BrandId, lang: Lang): Promise<Map<string, string>> {
  const rows = await db.selectFrom("keyword_redirect").select(["keyword", "target"]).where("site", "=", site).where("lang", "=", lang).execute();
  return new Map(rows.map((r) => [r.keyword, r.target]));
}
