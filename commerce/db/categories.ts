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

export async function findKeywordRedirect(db: Db, site: BrandId, lang: Lang, keyword: string): Promise<string | null> {
  const row = await db
    .selectFrom("keyword_redirect")
    .select("target")
    .where("site", "=", site)
    .where("lang", "=", lang)
    .where("keyword", "=", keyword)
    .executeTakeFirst();
  return row?.target ?? null;
}
