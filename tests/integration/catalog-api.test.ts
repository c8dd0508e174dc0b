import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema } from "../../commerce/contract/common";
import { CompareSchema, MediaSetSchema, ProductListSchema, ProductSchema } from "../../commerce/contract/product";
import { CategorySchema, KeywordRedirectSchema, SearchPageSchema, SuggestionsSchema } from "../../commerce/contract/search";
import { ADMIN_KEY, commerceForSuite } from "../support/commerce";
import { createDb, migrateToLatest } from "../../commerce/db/index";
import { pruneListingChanges } from "../../commerce/db/catalog-changes";
import { rebuildListings } from "../../commerce/db/listing";
import { siteCurrencies } from "../../commerce/domain/catalog-service";
import { CatalogChangeFeed } from "../../commerce/domain/catalog-changes";
import { seedDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, tempSqlite } from "../support/databases";
import { confirmationToken, mailsTo } from "../support/mail";

describe.each(DIALECTS)("catalog API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const { getJson, send } = suite;
  const search = async (path: string) => {
    const { status, body } = await getJson(path);
    expect(status).toBe(200);
    return SearchPageSchema.parse(body);
  };

  describe("category listing c/{code}/categoryData", () => {
    it("lists the category's products with facet counts and pagination", async () => {
      const page = await search("/rest/v2/usb2c/c/coffee/categoryData?pageSize=10");
      expect(page.pagination.totalResults).toBeGreaterThan(20);
      expect(page.products).toHaveLength(10);
      expect(page.products.every((p) => p.productType === "Coffee")).toBe(true);
      const roast = page.facets.find((f) => f.code === "roast")!;
      expect(roast.values.map((v) => v.code)).toEqual(["light", "medium", "dark"]);
      expect(roast.values.reduce((n, v) => n + v.count, 0)).toBe(page.pagination.totalResults);
    });

    it("narrows by two facets, counting each facet as if its own choice were not made", async () => {
      const all = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:relevance:roast:dark");
      const both = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:relevance:roast:dark:brand:Summit%20Ridge");
      expect(both.pagination.totalResults).toBeLessThan(all.pagination.totalResults);
      expect(both.products.every((p) => p.brand === "Summit Ridge")).toBe(true);
      // The roast facet still offers the other roasts for Summit Ridge, the brand facet the other dark-roast brands.
      expect(both.facets.find((f) => f.code === "roast")!.values.find((v) => v.code === "dark")!.selected).toBe(true);
      const brandValues = both.facets.find((f) => f.code === "brand")!.values;
      expect(brandValues.length).toBeGreaterThan(1);
      const darkBrandsTotal = brandValues.reduce((n, v) => n + v.count, 0);
      expect(darkBrandsTotal).toBe(all.pagination.totalResults);
      expect(both.breadcrumbs.map((b) => b.facetValueName)).toEqual(["Dark", "Summit Ridge"]);
    });

    it("ORs values within a facet", async () => {
      const dark = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:relevance:roast:dark");
      const light = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:relevance:roast:light");
      const either = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:relevance:roast:dark:roast:light");
      expect(either.pagination.totalResults).toBe(dark.pagination.totalResults + light.pagination.totalResults);
    });

    it("sorts by price both ways, by name and by newest", async () => {
      const asc = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:price-asc&pageSize=96");
      const prices = asc.products.map((p) => p.price.minor);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const desc = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:price-desc&pageSize=96");
      expect(desc.products.map((p) => p.price.minor)).toEqual([...prices].sort((a, b) => b - a));
      const byName = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:name-asc&pageSize=5");
      const names = byName.products.map((p) => p.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(asc.sorts.find((s) => s.selected)?.code).toBe("price-asc");
    });

    it("pages without overlap and reports the page count", async () => {
      const p0 = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:name-asc&pageSize=12&currentPage=0");
      const p1 = await search("/rest/v2/usb2c/c/coffee/categoryData?query=:name-asc&pageSize=12&currentPage=1");
      expect(p1.pagination.currentPage).toBe(1);
      expect(p0.pagination.totalPages).toBe(Math.ceil(p0.pagination.totalResults / 12));
      expect(p1.products.some((p) => p0.products.some((q) => q.code === p.code))).toBe(false);
    });

    it("prices listings in the brand's currency", async () => {
      const page = await search("/rest/v2/cab2c/c/coffee/categoryData?lang=fr&curr=CAD&pageSize=3");
      expect(page.products[0]!.price.currencyIso).toBe("CAD");
      expect(page.products[0]!.price.formattedValue).toMatch(/\u00a0\$$/);
      expect(page.facets.find((f) => f.code === "roast")!.values.map((v) => v.name)).toEqual(["Légère", "Moyenne", "Foncée"]);
    });

    it("offers an in-stock filter", async () => {
      const page = await search("/rest/v2/usb2c/c/brewers/categoryData?query=:relevance:availability:inStock&pageSize=48");
      expect(page.products.length).toBeGreaterThan(0);
      expect(page.products.every((p) => p.familyStockStatus !== "outOfStock")).toBe(true);
    });

    it("refuses a malformed query with 400", async () => {
      for (const q of [":cheapest", ":relevance:roast", ":relevance:colourz:Red"]) {
        const { status, body } = await getJson(`/rest/v2/usb2c/c/coffee/categoryData?query=${encodeURIComponent(q)}`);
        expect(status).toBe(400);
        expect(ApiErrorBodySchema.parse(body).errors[0]!.subject).toBe("query");
      }
      expect((await getJson("/rest/v2/usb2c/c/coffee/categoryData?pageSize=1000")).status).toBe(400);
      expect((await getJson("/rest/v2/usb2c/c/no-such-category/categoryData")).status).toBe(404);
    });

    it("answers c/{code} with breadcrumbs and subcategories", async () => {
      const coffee = CategorySchema.parse((await getJson("/rest/v2/usb2c/c/coffee")).body);
      expect(coffee.subcategories.map((c) => c.code)).toEqual(["k-cup-pods", "bagged-coffee", "canned-coffee"]);
      const pods = CategorySchema.parse((await getJson("/rest/v2/usb2c/c/k-cup-pods")).body);
      expect(pods.breadcrumbs.map((c) => c.code)).toEqual(["coffee", "k-cup-pods"]);
    });
  });

  describe("full-text search", () => {
    it("finds products by name, description and classification in English", async () => {
      const page = await search("/rest/v2/usb2c/products/search?query=hazelnut");
      expect(page.products[0]!.name).toBe("Hazelnut");
      const smoky = await search("/rest/v2/usb2c/products/search?query=smoky%20dark");
      expect(smoky.pagination.totalResults).toBeGreaterThan(2);
    });

    it("finds dark roasts in French with or without accents", async () => {
      const accented = await search(`/rest/v2/cab2c/products/search?lang=fr&query=${encodeURIComponent("torréfaction foncée")}&pageSize=48`);
      const plain = await search("/rest/v2/cab2c/products/search?lang=fr&query=torrefaction%20foncee&pageSize=48");
      expect(accented.pagination.totalResults).toBeGreaterThan(3);
      expect(plain.products.map((p) => p.code)).toEqual(accented.products.map((p) => p.code));
      const roasts = accented.facets.find((f) => f.code === "roast");
      expect(roasts?.values.map((v) => v.code) ?? ["dark"]).toEqual(["dark"]);
    });

    it("finds the same with or without a word that narrows nothing, and nothing for a word in no product", async () => {
      const hazelnut = await search("/rest/v2/usb2c/products/search?query=hazelnut&pageSize=48");
      const withWords = await search("/rest/v2/usb2c/products/search?query=the%20hazelnut&pageSize=48");
      expect(withWords.pagination.totalResults).toBe(hazelnut.pagination.totalResults);
      expect(withWords.products.map((p) => p.code)).toEqual(hazelnut.products.map((p) => p.code));
      const nothing = await search("/rest/v2/usb2c/products/search?query=hazelnut%20zeppelin");
      expect(nothing.pagination.totalResults).toBe(0);
    });

    it("ranks name matches first", async () => {
      const page = await search("/rest/v2/usb2c/products/search?query=french%20roast");
      expect(page.products[0]!.name).toMatch(/French Roast/);
    });

    it("answers searchText with term", async () => {
      const page = SearchPageSchema.parse((await getJson("/rest/v2/usb2c/products/searchText?term=colombian")).body);
      expect(page.freeTextSearch).toBe("colombian");
      expect(page.products.map((p) => p.name)).toContain("Colombian");
    });

    it("suggests a spelling when nothing matches", async () => {
      const page = await search("/rest/v2/usb2c/products/search?query=hazelnutt");
      expect(page.pagination.totalResults).toBe(0);
      expect(page.spellingSuggestion?.suggestion).toBe("hazelnut");
      // "it" narrows nothing and stays as typed, though "kit" is one letter away.
      const withPronoun = await search("/rest/v2/usb2c/products/search?query=is%20it%20hazelnutt");
      expect(withPronoun.spellingSuggestion?.suggestion).toBe("is it hazelnut");
    });

    it("answers typeahead suggestions with words and products", async () => {
      const s = SuggestionsSchema.parse((await getJson("/rest/v2/usb2c/products/searchsuggestions?term=cara")).body);
      expect(s.suggestions.map((x) => x.value)).toContain("caramel");
      expect(s.products.length).toBeGreaterThan(0);
    });

    it("redirects category keywords, in English and French", async () => {
      expect(KeywordRedirectSchema.parse((await getJson("/rest/v2/usb2c/products/getKeywordRedirect?term=Brewers")).body).redirectUrl).toBe("/c/brewers");
      expect(
        KeywordRedirectSchema.parse((await getJson(`/rest/v2/cab2c/products/getKeywordRedirect?lang=fr&term=${encodeURIComponent("cafetières")}`)).body)
          .redirectUrl,
      ).toBe("/fr/c/brewers");
      expect(KeywordRedirectSchema.parse((await getJson("/rest/v2/usb2c/products/getKeywordRedirect?term=hazelnut")).body).redirectUrl).toBeNull();
      const page = await search("/rest/v2/usb2c/products/search?query=coffee%20makers");
      expect(page.keywordRedirectUrl).toBe("/c/brewers");
    });

    it("refuses an empty term with 400", async () => {
      expect((await getJson("/rest/v2/usb2c/products/searchText?term=")).status).toBe(400);
    });
  });

  describe("product sub-resources", () => {
    it("answers variant options, classifications, product data and bundle data", async () => {
      const variants = (await getJson("/rest/v2/usb2c/products/5001-SMRG/variantOptions")).body as { variantOptions: { code: string; packLabel: string }[] };
      expect(variants.variantOptions.map((v) => v.packLabel)).toEqual(["12 ct", "24 ct", "72 ct", "12 oz", "30 oz"]);
      expect(variants.variantOptions.find((v) => v.code === "5001-SMRG-BG-12")?.packLabel).toBe("12 oz");
      const classes = (await getJson("/rest/v2/usb2c/products/8003-BFBR/productClassifications")).body as {
        classifications: { features: { code: string }[] }[];
      };
      expect(classes.classifications[0]!.features.map((f) => f.code)).toContain("reservoir");
      const data = (await getJson("/rest/v2/usb2c/products/8003-BFBR/productData?variantCode=8003-BFBR-BRW-RED")).body as { selectedVariantCode: string };
      expect(data.selectedVariantCode).toBe("8003-BFBR-BRW-RED");
      const bundle = (await getJson("/rest/v2/usb2c/products/BUNDLE-BREWER-STARTER-KIT/bundleData")).body as { bundleTemplateData: unknown };
      expect(bundle.bundleTemplateData).toBeTruthy();
      expect((await getJson("/rest/v2/usb2c/products/5001-SMRG/bundleData")).status).toBe(404);
    });

    it("serves the media set as JSON, or as script wrapped in a plain-identifier callback", async () => {
      const media = `${suite.api().baseUrl}/rest/v2/usb2c/products/8003-BFBR-BRW-RED/media`;
      const res = await fetch(`${media}?callback=showMedia`);
      expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const text = await res.text();
      const match = /^showMedia\((.*)\);$/.exec(text);
      const set = MediaSetSchema.parse(JSON.parse(match![1]!));
      expect(set.set.item.some((i) => i.type === "video" && i.v)).toBe(true);

      const plain = await fetch(media);
      expect(plain.headers.get("content-type")).toMatch(/^application\/json/);
      expect(MediaSetSchema.parse(await plain.json())).toEqual(set);

      // Anything but a plain identifier could call into the page (document.body.remove) from our origin.
      for (const callback of ["alert(1)", "document.body.remove", "a.b", "x".repeat(65), "1abc"]) {
        expect((await fetch(`${media}?callback=${encodeURIComponent(callback)}`)).status, callback).toBe(400);
      }
    });

    it("compares brewers side by side and refuses non-brewers for compare-appliance", async () => {
      const cmp = CompareSchema.parse((await getJson("/rest/v2/usb2c/products/compare-appliance?productCodes=8001-BFBR,8003-BFBR,8007-BFBR")).body);
      expect(cmp.products).toHaveLength(3);
      const reservoir = cmp.features.find((f) => f.code === "reservoir")!;
      expect(Object.keys(reservoir.values)).toEqual(["8001-BFBR", "8003-BFBR", "8007-BFBR"]);
      expect((await getJson("/rest/v2/usb2c/products/compare-appliance?productCodes=8001-BFBR,5001-SMRG")).status).toBe(400);
      expect((await getJson("/rest/v2/usb2c/products/compare-product?productCodes=8001-BFBR,5001-SMRG")).status).toBe(200);
      expect((await getJson("/rest/v2/usb2c/products/compare-product?productCodes=8001-BFBR")).status).toBe(400);
    });

    it("answers best sellers and recommendations", async () => {
      const best = (await getJson("/rest/v2/usb2c/products/getBestSellerProducts?pageSize=5")).body as { products: unknown[] };
      expect(best.products).toHaveLength(5);
      const rec = (await getJson("/rest/v2/usb2c/products/recommendedProducts?productCode=5001-SMRG-KC-24")).body as { products: { code: string }[] };
      expect(rec.products.length).toBeGreaterThan(0);
      expect(rec.products.map((p) => p.code)).not.toContain("5001-SMRG");
    });
  });

  describe("notify me (alert/alertMe)", () => {
    let soldOut: string;
    beforeAll(async () => {
      const row = await suite
        .api()
        .db.selectFrom("stock")
        .innerJoin("product_site", "product_site.product_code", "stock.product_code")
        .select("stock.product_code")
        .where("stock.level", "=", 0)
        .where("product_site.site", "=", "usb2c")
        .orderBy("stock.product_code")
        .executeTakeFirstOrThrow();
      soldOut = row.product_code;
    });

    it("stores an alert unconfirmed with a confirmation mail, and answers a repeat the same way", async () => {
      const first = await send("POST", "/rest/v2/usb2c/alert/alertMe", { productCode: soldOut, email: "Bea@Example.com" });
      expect(first.status).toBe(202);
      const firstBody = await first.text();
      expect(JSON.parse(firstBody)).toMatchObject({ status: "pending", email: "bea@example.com" });
      const dup = await send("POST", "/rest/v2/usb2c/alert/alertMe", { productCode: soldOut, email: "bea@example.com" });
      expect(dup.status).toBe(202);
      expect(await dup.text()).toBe(firstBody);
      const mails = mailsTo(suite.api().outbox, "bea@example.com");
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain("Subject: Confirm your back-in-stock alert");
      const token = confirmationToken(suite.api().outbox, "bea@example.com");
      expect((await send("POST", "/rest/v2/usb2c/alert/confirm", { token })).status).toBe(200);
    });

    it("answers an unknown confirmation token with 400", async () => {
      expect((await send("POST", "/rest/v2/usb2c/alert/confirm", { token: "y".repeat(43) })).status).toBe(400);
    });

    it("refuses an alert for a product in stock, or with a bad address", async () => {
      expect((await send("POST", "/rest/v2/usb2c/alert/alertMe", { productCode: "5001-SMRG-KC-24", email: "a@b.co" })).status).toBe(400);
      expect((await send("POST", "/rest/v2/usb2c/alert/alertMe", { productCode: soldOut, email: "nope" })).status).toBe(400);
    });

    it("emails waiting shoppers once when stock returns, and shows the product in stock", async () => {
      expect((await send("PUT", `/rest/v2/usb2c/stock/${soldOut}`, { level: 25 })).status).toBe(401);
      const res = await send("PUT", `/rest/v2/usb2c/stock/${soldOut}`, { level: 25 }, { "X-Admin-Key": ADMIN_KEY });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ previousLevel: 0, level: 25, alertsSent: 1 });
      const mails = fs.readdirSync(suite.api().outbox).map((f) => fs.readFileSync(`${suite.api().outbox}/${f}`, "utf8"));
      expect(mails.filter((m) => m.includes("To: bea@example.com") && m.includes("Subject: Back in stock"))).toHaveLength(1);
      const product = ProductSchema.parse((await getJson(`/rest/v2/usb2c/products/${soldOut}`)).body);
      expect(product.stock.stockLevelStatus).toBe("inStock");
      // A second restock sends nothing more: the alert has been answered.
      await send("PUT", `/rest/v2/usb2c/stock/${soldOut}`, { level: 0 }, { "X-Admin-Key": ADMIN_KEY });
      const again = await send("PUT", `/rest/v2/usb2c/stock/${soldOut}`, { level: 5 }, { "X-Admin-Key": ADMIN_KEY });
      expect(await again.json()).toMatchObject({ alertsSent: 0 });
    });

    it("updates listings when stock changes (the in-stock facet follows)", async () => {
      await send("PUT", "/rest/v2/usb2c/stock/9001-BFAC-ACC-1", { level: 0 }, { "X-Admin-Key": ADMIN_KEY });
      const page = await search("/rest/v2/usb2c/c/accessories/categoryData?query=:relevance:availability:inStock&pageSize=48");
      expect(page.products.map((p) => p.code)).not.toContain("9001-BFAC");
      await send("PUT", "/rest/v2/usb2c/stock/9001-BFAC-ACC-1", { level: 10 }, { "X-Admin-Key": ADMIN_KEY });
      const back = await search("/rest/v2/usb2c/c/accessories/categoryData?query=:relevance:availability:inStock&pageSize=48");
      expect(back.products.map((p) => p.code)).toContain("9001-BFAC");
    });
  });

  describe("answers asked for again", () => {
    const listing = "/rest/v2/usb2c/c/accessories/categoryData?pageSize=48";
    // node:http, as the storefront asks: fetch adds Cache-Control: no-cache to a conditional request.
    const ask = (etag?: string, path = listing) =>
      new Promise<{ status: number; etag: string; body: string }>((resolve, reject) => {
        http
          .get(`${suite.api().baseUrl}${path}`, { headers: etag ? { "If-None-Match": etag } : {} }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => (body += c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag), body }));
          })
          .on("error", reject);
      });

    it("answers 304 without a body while the listing is unchanged, and the new listing once stock changes it", async () => {
      const { etag, body } = await ask();
      // Express's own weak ETag of the body: its length in bytes and the start of its SHA-1.
      const sha1 = createHash("sha1").update(Buffer.from(body, "utf8")).digest("base64").substring(0, 27);
      expect(etag).toBe(`W/"${Buffer.byteLength(body).toString(16)}-${sha1}"`);
      const unchanged = await ask(etag);
      expect(unchanged.status).toBe(304);
      expect(unchanged.body).toBe("");
      await send("PUT", "/rest/v2/usb2c/stock/9001-BFAC-ACC-1", { level: 0 }, { "X-Admin-Key": ADMIN_KEY });
      const changed = await ask(etag);
      expect(changed.status).toBe(200);
      expect(changed.etag).not.toBe(etag);
      const page = SearchPageSchema.parse(JSON.parse(changed.body));
      expect(page.products.find((p) => p.code === "9001-BFAC")?.stock.stockLevelStatus).toBe("outOfStock");
      await send("PUT", "/rest/v2/usb2c/stock/9001-BFAC-ACC-1", { level: 10 }, { "X-Admin-Key": ADMIN_KEY });
    });

    it("answers 304 to a product or product details asked for again with the ETag it gave", async () => {
      for (const path of ["/rest/v2/usb2c/products/9002-BFAC-ACC-1?fields=FULL", "/rest/v2/usb2c/products/productDetails?productCodes=9002-BFAC-ACC-1"]) {
        const first = await ask(undefined, path);
        expect(first.status, path).toBe(200);
        const again = await ask(first.etag, path);
        expect(again.status, path).toBe(304);
        expect(again.body, path).toBe("");
      }
    });

    it("answers a product or product details asked for again from what it kept, until its stock changes", async () => {
      const product = async () => ProductSchema.parse((await getJson("/rest/v2/usb2c/products/9002-BFAC-ACC-1?fields=FULL")).body);
      const before = await product();
      expect(await product()).toEqual(before);
      const details = async () =>
        ProductListSchema.parse((await getJson("/rest/v2/usb2c/products/productDetails?productCodes=9002-BFAC-ACC-1,5001-SMRG-KC-24")).body).products[0]!;
      expect((await details()).stock.stockLevelStatus).toBe(before.stock.stockLevelStatus);
      await send("PUT", "/rest/v2/usb2c/stock/9002-BFAC-ACC-1", { level: 0 }, { "X-Admin-Key": ADMIN_KEY });
      expect((await product()).stock).toMatchObject({ stockLevel: 0, stockLevelStatus: "outOfStock" });
      expect((await details()).stock.stockLevelStatus).toBe("outOfStock");
      await send("PUT", "/rest/v2/usb2c/stock/9002-BFAC-ACC-1", { level: before.stock.stockLevel ?? 10 }, { "X-Admin-Key": ADMIN_KEY });
      expect((await product()).stock.stockLevelStatus).toBe(before.stock.stockLevelStatus);
    });

    it("lets callers use catalog answers again for a second (Cache-Control), and never a cart", async () => {
      const cacheControl = async (path: string, init?: RequestInit) => (await fetch(`${suite.api().baseUrl}${path}`, init)).headers.get("cache-control");
      for (const path of [
        listing,
        "/rest/v2/usb2c/products/search?query=decaf",
        "/rest/v2/usb2c/products/9002-BFAC-ACC-1?fields=FULL",
        "/rest/v2/usb2c/products/productDetails?productCodes=9002-BFAC-ACC-1",
        "/rest/v2/usb2c/products/recommendedProducts?productCode=5001-SMRG-KC-24",
        "/rest/v2/usb2c/products/getBestSellerProducts?pageSize=8",
        "/rest/v2/usb2c/products/getProductsForCarousel?productCodes=5001-SMRG,9002-BFAC",
        "/rest/v2/usb2c/products/5001-SMRG-KC-24/media",
      ]) {
        expect(await cacheControl(path), path).toBe("private, max-age=1");
      }
      const added = await send("POST", "/rest/v2/usb2c/users/anonymous/addProductToCart", { productCode: "9002-BFAC-ACC-1", qty: 1 });
      const { cartGuid } = (await added.json()) as { cartGuid: string };
      expect(await cacheControl(`/rest/v2/usb2c/users/anonymous/carts/${cartGuid}`)).toBe("private, no-store");
    });

    it("answers the full listing to a tag it never gave", async () => {
      const res = await ask('W/"1-nothing-like-it"');
      expect(res.status).toBe(200);
      expect(SearchPageSchema.parse(JSON.parse(res.body)).products.length).toBeGreaterThan(0);
    });
  });
});

describe.each(DIALECTS)("search words after the catalog changes, on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const codesFound = async (query: string) => {
    const { status, body } = await suite.getJson(`/rest/v2/usb2c/products/search?query=${query}&pageSize=48`);
    expect(status).toBe(200);
    return SearchPageSchema.parse(body).products.map((p) => p.code);
  };

  it("finds a product by a word its text now holds, and no longer by a word it lost", { timeout: 20_000 }, async () => {
    // Warmed as a real process is before it takes traffic: the warm-up's word listings must follow the change too.
    await suite.api().warm();
    expect(await codesFound("corner")).toContain("9002-BFAC");
    expect(await codesFound("zeppelin")).toEqual([]);

    const { db } = suite.api();
    await db
      .updateTable("product_text")
      .set({ summary: "Descaling Solution for zeppelin crews.", description: "Descaling Solution, made for airships." })
      .where("product_code", "=", "9002-BFAC")
      .where("lang", "=", "en")
      .execute();
    await rebuildListings(db, siteCurrencies(testCommerceConfig(suite.api().databaseUrl).brands), ["9002-BFAC"]);

    // Each process reads the change log every CATALOG_SYNC_MS.
    await expect.poll(() => codesFound("zeppelin"), { timeout: 5000 }).toEqual(["9002-BFAC"]);
    expect(await codesFound("corner")).not.toContain("9002-BFAC");
    expect(await codesFound("airships")).toEqual(["9002-BFAC"]);
  });
});

describe("the listing change log", () => {
  it("keeps only the newest entries when pruned", async () => {
    const database = tempSqlite();
    const db = createDb({ kind: "sqlite", file: database.url });
    try {
      await migrateToLatest(db);
      await db
        .insertInto("listing_change")
        .values(Array.from({ length: 30 }, (_, i) => ({ listing_id: i })))
        .execute();
      await pruneListingChanges(db, 10);
      const rows = await db.selectFrom("listing_change").select("id").orderBy("id").execute();
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => 21 + i));
    } finally {
      await db.destroy();
      await database.drop();
    }
  });

  it("is trimmed while the store runs, and the feed still hands on every new change", async () => {
    const database = tempSqlite();
    const db = createDb({ kind: "sqlite", file: database.url });
    try {
      await migrateToLatest(db);
      await seedDatabase(db, testCommerceConfig(database.url));
      const { id: listingId } = await db.selectFrom("listing").select("id").where("base_code", "=", "9001-BFAC").executeTakeFirstOrThrow();
      const feed = new CatalogChangeFeed(db, { intervalMs: 0, pruneEveryMs: 0, keepChanges: 5 });
      const seen: (string | number)[] = [];
      feed.subscribe((changes) => seen.push(...(changes === "all" ? ["all"] : changes.map((c) => c.listingId))));
      await feed.catchUp();
      await db
        .insertInto("listing_change")
        .values(Array.from({ length: 12 }, () => ({ listing_id: listingId })))
        .execute();
      await feed.catchUp({ force: true });
      expect(seen).toHaveLength(12);
      const left = await db
        .selectFrom("listing_change")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(5);
      await db.insertInto("listing_change").values({ listing_id: listingId }).execute();
      await feed.catchUp({ force: true });
      expect(seen).toHaveLength(13);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
