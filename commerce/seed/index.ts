import type { BrandId, Currency } from "../contract/common";
import { analyze, type Database, type Db } from "../db/index";
import { rebuildListings } from "../db/listing";
import { buildCatalog } from "./catalog";
import { buildContent } from "./content";
import { seedDemoGiftCards } from "./gift-cards";
import { seedDemoCoupons } from "./coupons";
import { seedDemoRewards } from "./perks";
import { seedDemoCampaigns } from "./campaigns";
import { seedBrewerSerials } from "./brewer-serials";
import { seedLargeCatalog } from "./large";
import { redrawStockPictures } from "./pictures";
import { seedQuizzes } from "./quizzes";

const CHUNK = 200;

export interface SeedOptions {
  /** Adds synthetic coffees until the catalog holds that many sellable products, for benchmarks at scale; 0 for the demo catalog alone. */
  catalogSize: number;
  /** Each site's one currency, which its listings are priced in. */
  siteCurrencies: Readonly<Record<BrandId, Currency>>;
}

/** Loads the demo catalog and content when the database has none. Safe to call on every start. */
export async function seedIfEmpty(db: Db, { catalogSize, siteCurrencies }: SeedOptions): Promise<{ seeded: boolean; products: number }> {
  // Coupons, rewards and campaigns are added to a store seeded before they existed, too.
  await seedDemoCoupons(db);
  await seedDemoRewards(db);
  await seedDemoCampaigns(db);
  const existing = await db
    .selectFrom("product")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  // Quiz data is added to databases seeded before the quizzes existed, too.
  await seedQuizzes(db);
  if (Number(existing.n) > 0) {
    // Products seeded before pictures were drawn get theirs, too; brewers seeded before registration, their serials.
    await redrawStockPictures(db);
    await seedBrewerSerials(db);
    return { seeded: false, products: Number(existing.n) };
  }
  const result = await seedDemo(db, siteCurrencies);
  if (catalogSize > result.products) {
    const sellable = await db
      .selectFrom("product")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("base_code", "is not", null)
      .executeTakeFirstOrThrow();
    await seedLargeCatalog(db, catalogSize - Number(sellable.n), siteCurrencies);
  }
  await seedBrewerSerials(db);
  await analyze(db);
  const total = await db
    .selectFrom("product")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("base_code", "is not", null)
    .executeTakeFirstOrThrow();
  return { seeded: true, products: Number(total.n) };
}

async function seedDemo(db: Db, siteCurrencies: Readonly<Record<BrandId, Currency>>): Promise<{ products: number }> {
  const catalog = buildCatalog();
  const content = buildContent();
  await db.transaction().execute(async (trx) => {
    const insert = async <T extends keyof Database>(table: T, rows: readonly object[]) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + CHUNK) as never)
          .execute();
      }
    };
    // Parents before children, so foreign keys hold at every insert.
    await insert("category", catalog.category);
    await insert("category_text", catalog.category_text);
    await insert("category_site", catalog.category_site);
    await insert("product", catalog.product);
    for (const table of ["product_text", "product_site", "price", "stock", "product_category", "classification", "bundle_component", "media"] as const) {
      await insert(table, catalog[table]);
    }
    await insert("cms_page", content.cms_page);
    await insert("cms_component", content.cms_component);
    await insert("site_config", content.site_config);
    await insert("keyword_redirect", content.keyword_redirect);
  });
  await rebuildListings(db, siteCurrencies);
  await seedDemoGiftCards(db, siteCurrencies);
  return { products: catalog.product.length };
}
