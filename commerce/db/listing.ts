import type { BrandId, Currency, Lang } from "../contract/common";
import { packUnit } from "../contract/product";
import { sql } from "kysely";
import { isPostgres } from "./dialect";
import type { Db } from "./index";
import { indexSearchDocuments, type SearchDocument } from "./search-text";
import { runAtCommit, writeTransaction } from "./write-transaction";

const BATCH = 400;

/**
 * Rebuilds the listing rows (facts, per-site offers, search documents) of the given base products,
 * or of every base product, and records a change so running facet indexes reload them. Call it
 * after anything that changes what a listing shows: catalog edits, prices, stock. Offers are
 * priced in each site's one currency.
 */
export async function rebuildListings(db: Db, siteCurrencies: Readonly<Record<BrandId, Currency>>, baseCodes?: readonly string[]): Promise<number> {
  const codes = baseCodes
    ? [...new Set(baseCodes)]
    : (await db.selectFrom("product").select("code").where("base_code", "is", null).orderBy("code").execute()).map((r) => r.code);
  for (let i = 0; i < codes.length; i += BATCH) {
    await writeTransaction(db, (trx) => rebuildBatch(trx, siteCurrencies, codes.slice(i, i + BATCH)));
  }
  return codes.length;
}

/**
 * The same, inside a write transaction the caller already holds, so the listing change commits
 * (or not) together with the change that caused it. For a few products at a time.
 */
export async function rebuildListingsIn(trx: Db, siteCurrencies: Readonly<Record<BrandId, Currency>>, baseCodes: readonly string[]): Promise<void> {
  const codes = [...new Set(baseCodes)];
  for (let i = 0; i < codes.length; i += BATCH) await rebuildBatch(trx, siteCurrencies, codes.slice(i, i + BATCH));
}

/** The base products of these codes (variants map to their base). */
export async function baseCodesOf(db: Db, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db.selectFrom("product").select(["code", "base_code"]).where("code", "in", codes).execute();
  return [...new Set(rows.map((r) => r.base_code ?? r.code))];
}

async function rebuildBatch(db: Db, siteCurrencies: Readonly<Record<BrandId, Currency>>, codes: string[]): Promise<void> {
  const bases = await db.selectFrom("product").selectAll().where("code", "in", codes).where("base_code", "is", null).execute();
  if (bases.length === 0) return;
  const baseList = bases.map((b) => b.code);
  const [variants, texts, cats, classes, sites] = await Promise.all([
    db
      .selectFrom("product")
      .leftJoin("stock", "stock.product_code", "product.code")
      .select(["product.code", "product.base_code", "product.pack_type", "product.pack_size", "product.color", "stock.level"])
      .where("product.base_code", "in", baseList)
      .execute(),
    db.selectFrom("product_text").select(["product_code", "lang", "name", "summary", "description"]).where("product_code", "in", baseList).execute(),
    db
      .selectFrom("product_category")
      .innerJoin("category_text", "category_text.category_code", "product_category.category_code")
      .select(["product_category.product_code", "product_category.category_code", "category_text.lang", "category_text.name"])
      .where("product_category.product_code", "in", baseList)
      .execute(),
    db.selectFrom("classification").select(["product_code", "lang", "value"]).where("product_code", "in", baseList).execute(),
    db
      .selectFrom("product_site")
      .select(["product_code", "site"])
      .where((eb) =>
        eb.or([eb("product_code", "in", baseList), eb("product_code", "in", db.selectFrom("product").select("code").where("base_code", "in", baseList))]),
      )
      .execute(),
  ]);
  const sellableCodes = [...variants.map((v) => v.code), ...bases.filter((b) => b.is_bundle === 1).map((b) => b.code)];
  const [prices, bundleParts, bundleStock] = await Promise.all([
    sellableCodes.length
      ? db
          .selectFrom("price")
          .select(["product_code", "currency", "kind", "value"])
          .where("product_code", "in", sellableCodes)
          .where("user_group", "=", "")
          .where("kind", "in", ["list", "discount", "promoted"])
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom("bundle_component")
      .leftJoin("stock", "stock.product_code", "bundle_component.product_code")
      .select(["bundle_component.bundle_code", "stock.level"])
      .where("bundle_component.bundle_code", "in", baseList)
      .execute(),
    db.selectFrom("stock").select(["product_code", "level"]).where("product_code", "in", baseList).execute(),
  ]);

  const by = <T, K extends keyof T>(rows: T[], key: K) => {
    const m = new Map<T[K], T[]>();
    for (const r of rows) m.set(r[key], [...(m.get(r[key]) ?? []), r]);
    return m;
  };
  const variantsBy = by(variants, "base_code");
  const textsBy = by(texts, "product_code");
  const catsBy = by(cats, "product_code");
  const classesBy = by(classes, "product_code");
  const sitesBy = by(sites, "product_code");
  const pricesBy = by(prices, "product_code");
  const partsBy = by(bundleParts, "bundle_code");
  const ownStock = new Map(bundleStock.map((s) => [s.product_code, s.level]));

  const effective = (code: string, currency: string) => {
    const mine = (pricesBy.get(code) ?? []).filter((p) => p.currency === currency);
    const list = mine.find((p) => p.kind === "list");
    if (!list) return null;
    return Math.min(...mine.map((p) => p.value));
  };

  const docs: SearchDocument[] = [];
  const changed: number[] = [];
  for (const base of bases) {
    const vs = variantsBy.get(base.code) ?? [];
    const sellable =
      base.is_bundle === 1 || vs.length === 0
        ? [{ code: base.code, level: ownStock.get(base.code) ?? 0 }]
        : vs.map((v) => ({ code: v.code, level: v.level ?? 0 }));
    const text = (lang: Lang) => (textsBy.get(base.code) ?? []).find((t) => t.lang === lang);
    const en = text("en");
    const fr = text("fr") ?? en;
    if (!en || !fr) continue;
    const uniq = (values: (string | number | null)[]) => [...new Set(values.filter((v) => v !== null && v !== "").map(String))].join(",");
    const row = {
      base_code: base.code,
      product_type: base.product_type,
      brand_name: base.brand_name,
      roast: base.roast,
      flavor: base.flavor,
      caffeine: base.caffeine,
      series: base.series,
      categories: uniq((catsBy.get(base.code) ?? []).map((c) => c.category_code)),
      pack_types: uniq(vs.map((v) => v.pack_type)),
      pack_sizes: uniq(vs.map((v) => (v.pack_size ? `${v.pack_size} ${packUnit(v.pack_type)}` : null))),
      colors: uniq(vs.map((v) => v.color)),
      name_en: en.name,
      name_fr: fr.name,
      sales_rank: base.sales_rank,
      created_at: base.created_at,
    };
    const saved = await db
      .insertInto("listing")
      .values(row)
      .onConflict((oc) => oc.column("base_code").doUpdateSet(row))
      .returning("id")
      .executeTakeFirstOrThrow();
    const listingId = saved.id;

    await db.deleteFrom("listing_offer").where("listing_id", "=", listingId).execute();
    const familySites = new Set<string>();
    for (const s of sellable) for (const site of sitesBy.get(s.code) ?? []) familySites.add(site.site);
    const offers = [];
    for (const site of familySites as Set<BrandId>) {
      const here = sellable.filter((s) => (sitesBy.get(s.code) ?? []).some((x) => x.site === site));
      const priced = here.map((s) => effective(s.code, siteCurrencies[site])).filter((p): p is number => p !== null);
      if (priced.length === 0) continue;
      const partsInStock = (partsBy.get(base.code) ?? []).every((p) => (p.level ?? 0) > 0);
      offers.push({ listing_id: listingId, site, min_price: Math.min(...priced), in_stock: here.some((s) => s.level > 0) && partsInStock ? 1 : 0 });
    }
    if (offers.length) await db.insertInto("listing_offer").values(offers).execute();
    changed.push(listingId);

    for (const lang of ["en", "fr"] as const) {
      const t = text(lang) ?? en;
      const categoryNames = (catsBy.get(base.code) ?? []).filter((c) => c.lang === lang).map((c) => c.name);
      const features = (classesBy.get(base.code) ?? []).filter((c) => c.lang === lang).map((c) => c.value);
      docs.push({
        listingId,
        lang,
        name: t.name,
        body: [base.brand_name, t.summary, t.description, ...categoryNames, ...features, ...vs.map((v) => v.color ?? "")].join(" "),
      });
    }
  }
  await indexSearchDocuments(db, docs);
  await appendListingChanges(db, changed);
}

/**
 * Processes follow the change log by id, so entries must become visible in id order. On
 * PostgreSQL ids come from a sequence and two transactions can commit out of order, which would let
 * a process read past an entry not yet committed and never see it; appenders therefore take turns
 * (readers are not held up). The turn is taken in the message that commits (runAtCommit), so it
 * lasts only while the server inserts and commits: other writers do not wait while this process
 * handles other requests between round trips, nor for the rest of this transaction (alerts, mail).
 * SQLite has one writer at a time already.
 */
async function appendListingChanges(db: Db, listingIds: readonly number[]): Promise<void> {
  if (listingIds.length === 0) return;
  if (isPostgres(db)) {
    if (!listingIds.every((id) => Number.isSafeInteger(id))) throw new Error(`listing ids must be integers: ${listingIds.join(",")}`);
    const append = `lock table listing_change in exclusive mode;\ninsert into listing_change (listing_id) values ${listingIds.map((id) => `(${id})`).join(", ")}`;
    if (runAtCommit(db, append)) return;
    // Not in writeTransaction (an ordinary Kysely transaction): take the turn now, held until its commit.
    await sql.raw(append).execute(db);
    return;
  }
  await db
    .insertInto("listing_change")
    .values(listingIds.map((id) => ({ listing_id: id })))
    .execute();
}

/** One page of the site's product URLs for the sitemap, with the main category's slug. */
export async function sitemapPage(db: Db, site: BrandId, lang: Lang, page: number, pageSize: number) {
  const [rows, total, categories] = await Promise.all([
    db
      .selectFrom("listing")
      .innerJoin("listing_offer", (j) => j.onRef("listing_offer.listing_id", "=", "listing.id").on("listing_offer.site", "=", site))
      .innerJoin("product_text", (j) => j.onRef("product_text.product_code", "=", "listing.base_code").on("product_text.lang", "=", lang))
      .select(["listing.base_code", "listing.categories", "listing.created_at", "product_text.slug"])
      .orderBy("listing.id")
      .limit(pageSize)
      .offset(page * pageSize)
      .execute(),
    db
      .selectFrom("listing_offer")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("site", "=", site)
      .executeTakeFirstOrThrow(),
    db.selectFrom("category").select(["code", "slug", "parent_code", "position"]).orderBy("position").execute(),
  ]);
  const top = categories.filter((c) => c.parent_code === null);
  return {
    total: Number(total.n),
    entries: rows.map((r) => {
      const codes = r.categories.split(",");
      const main = top.find((c) => codes.includes(c.code));
      return { code: r.base_code, url: `/${main?.slug ?? "Products"}/${r.slug}/p/${r.base_code}`, lastModified: r.created_at.slice(0, 10) };
    }),
  };
}
