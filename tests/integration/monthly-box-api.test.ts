import { describe, expect, it } from "vitest";
import {
  CollectionCategorySchema,
  MonthlyDetailsSchema,
  MonthlyGroupsSchema,
  MonthlyProductsSchema,
  MonthlySearchSchema,
  ProductSelectSchema,
} from "../../commerce/contract/monthly-box";
import { nextMonth } from "../../commerce/domain/monthly-box-rules";
import { ADMIN_KEY, commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

type ErrorBody = { errors?: { type: string; message: string; reason?: string; subject?: string }[] };
interface Answer {
  status: number;
  body: Record<string, unknown> & ErrorBody;
}

/** The month before (YYYY-MM). */
const previousMonth = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
};

/**
 * The monthly fixed-price box's reads (decision 062): getMonthlyFixedPriceDetails,
 * fetchMonthlyProducts, searchMonthlyProducts, getKSKCategoryAndCollection,
 * fetchCollectionCategoryData and productSelect under /rest/v2/{brand}/, on both databases.
 */
describe.each(DIALECTS)("monthly fixed-price box API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);

  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer["body"] };
  };
  const error = (answer: Answer) => answer.body.errors?.[0];
  const all = async (site = "usb2c", extra = "") =>
    MonthlyProductsSchema.parse((await call("GET", `/${site}/fetchMonthlyProducts?pageSize=36${extra}`)).body).products;
  const countOf = async (table: "campaign_enrollment" | "cart" | "subscription") =>
    Number(
      (
        await suite
          .api()
          .db.selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("getMonthlyFixedPriceDetails", () => {
    it("prices the US box at 59.99 a month for 96 pods, four K-Cup boxes of 24 among 36 products, with its texts", async () => {
      const answer = await call("GET", "/usb2c/getMonthlyFixedPriceDetails");
      expect(answer.status).toBe(200);
      const details = MonthlyDetailsSchema.parse(answer.body);
      expect(details).toMatchObject({
        campaign: { campaignId: 170002, code: "MONTHLY_FIXED_PRICE", subscriptionCode: "MONTHLY_FIXED_PRICE", running: true, sites: ["cab2c", "usb2c"] },
        currencyIso: "USD",
        price: { minor: 5999, formattedValue: "$59.99" },
        pricePerPod: { minor: 62 },
        boxPods: 96,
        packSize: 24,
        boxesPerMonth: 4,
        selectCount: 36,
      });
      expect(details.month).toMatch(/^\d{4}-\d{2}$/);
      expect(details.texts.headline).toBe("96 pods of your choice every month for $59.99");
      expect(details.texts.includes[0]).toBe("96 K-Cup pods: 4 boxes of 24");
    });

    it("answers the Canadian store in CAD, in Canadian English and in French", async () => {
      const en = MonthlyDetailsSchema.parse((await call("GET", "/cab2c/getMonthlyFixedPriceDetails")).body);
      expect(en).toMatchObject({ currencyIso: "CAD", price: { minor: 7899, currencyIso: "CAD" }, pricePerPod: { minor: 82 }, selectCount: 36 });
      expect(en.campaign.name).toBe("Monthly fixed-price box");
      const fr = MonthlyDetailsSchema.parse((await call("GET", "/cab2c/getMonthlyFixedPriceDetails?lang=fr")).body);
      expect(fr.campaign.name).toBe("Boîte mensuelle à prix fixe");
      expect(fr.price.formattedValue).toMatch(/^78,99\s\$$/);
      expect(fr.texts.howItWorks).toMatch(/^Chaque mois, choisissez 4 boîtes de 24 dosettes K-Cup parmi les 36 /);
    });

    it("answers next month, and refuses a past month, one further ahead or one out of shape with 400", async () => {
      const month = MonthlyDetailsSchema.parse((await call("GET", "/usb2c/getMonthlyFixedPriceDetails")).body).month;
      const next = await call("GET", `/usb2c/getMonthlyFixedPriceDetails?month=${nextMonth(month)}`);
      expect(next.status).toBe(200);
      expect(next.body.month).toBe(nextMonth(month));
      const past = await call("GET", `/usb2c/getMonthlyFixedPriceDetails?month=${previousMonth(month)}`);
      expect(past.status).toBe(400);
      expect(error(past)).toMatchObject({ subject: "month", reason: "past", message: "That month has passed." });
      const far = await call("GET", `/cab2c/getMonthlyFixedPriceDetails?month=${nextMonth(nextMonth(month))}&lang=fr`);
      expect(far.status).toBe(400);
      expect(error(far)!.message).toBe("Seules les boîtes de ce mois et du mois prochain peuvent être consultées.");
      const bad = await call("GET", "/usb2c/getMonthlyFixedPriceDetails?month=2026-13");
      expect(bad.status).toBe(400);
      expect(error(bad)!.message).toMatch(/month/);
    });

    it("answers the commercial store, which has no monthly box, 404 on every call", async () => {
      for (const [method, path, body] of [
        ["GET", "/usafh/getMonthlyFixedPriceDetails"],
        ["GET", "/usafh/fetchMonthlyProducts"],
        ["GET", "/usafh/searchMonthlyProducts?text=coffee"],
        ["GET", "/usafh/getKSKCategoryAndCollection"],
        ["GET", "/usafh/fetchCollectionCategoryData?collection=SMRG"],
        ["POST", "/usafh/productSelect", { entries: [{ code: "5001-SMRG-KC-24", quantity: 4 }] }],
      ] as const) {
        const answer = await call(method, path, body);
        expect(answer.status, path).toBe(404);
        expect(error(answer), path).toMatchObject({ type: "UnknownIdentifierError", subject: "MONTHLY_FIXED_PRICE" });
      }
    });
  });

  describe("fetchMonthlyProducts", () => {
    it("lists the month's 36 distinct K-Cup boxes of 24 (coffee, tea and cocoa), by category then collection, in pages", async () => {
      const products = await all();
      expect(products).toHaveLength(36);
      expect(new Set(products.map((p) => p.code)).size).toBe(36);
      for (const p of products) {
        expect(p.code, p.code).toMatch(/-KC-24$/);
        expect(p.pods).toBe(24);
        expect(["Coffee", "Tea", "Cocoa"]).toContain(p.productType);
      }
      const ranks = products.map((p) => ["coffee", "tea", "hot-cocoa"].indexOf(p.category.code));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(new Set(products.map((p) => p.category.code))).toEqual(new Set(["coffee", "tea", "hot-cocoa"]));

      const first = MonthlyProductsSchema.parse((await call("GET", "/usb2c/fetchMonthlyProducts")).body);
      expect(first.pagination).toEqual({ currentPage: 0, pageSize: 12, totalPages: 3, totalResults: 36 });
      const third = MonthlyProductsSchema.parse((await call("GET", "/usb2c/fetchMonthlyProducts?currentPage=2")).body);
      expect([...first.products, ...third.products].map((p) => p.code)).toEqual([...products.slice(0, 12), ...products.slice(24)].map((p) => p.code));
      expect(MonthlyProductsSchema.parse((await call("GET", "/usb2c/fetchMonthlyProducts?currentPage=5")).body).products).toEqual([]);
    });

    it("shows a change of the catalog on the next read: a product sold out, then back", async () => {
      const setStock = async (code: string, level: number) => {
        const res = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/stock/${code}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json", "X-Admin-Key": ADMIN_KEY },
          body: JSON.stringify({ level }),
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { previousLevel: number }).previousLevel;
      };
      const stockOf = async (code: string) => (await all()).find((p) => p.code === code)?.stock.stockLevelStatus;
      const code = (await all())[0]!.code;
      expect(await stockOf(code)).not.toBe("outOfStock");
      const level = await setStock(code, 0);
      expect(await stockOf(code)).toBe("outOfStock");
      await setStock(code, level);
      expect(await stockOf(code)).not.toBe("outOfStock");
    });

    it("narrows to a category or a collection", async () => {
      const products = await all();
      const teas = await all("usb2c", "&category=tea");
      expect(teas.length).toBeGreaterThan(0);
      expect(teas.map((p) => p.code)).toEqual(products.filter((p) => p.category.code === "tea").map((p) => p.code));
      const collection = products[0]!.collection.code;
      const own = await all("usb2c", `&collection=${collection}&category=coffee`);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((p) => p.collection.code === collection && p.category.code === "coffee")).toBe(true);
      expect(await all("usb2c", "&collection=NOPE")).toEqual([]);
    });

    it("offers on the Canadian store only what it sells, in CAD and French names; Northern Maple is Canadian only", async () => {
      const us = await all();
      const ca = await all("cab2c", "&lang=fr");
      expect(ca).toHaveLength(36);
      expect(ca.every((p) => p.price.currencyIso === "CAD")).toBe(true);
      expect(ca.some((p) => p.collection.code === "NMPL")).toBe(true);
      expect(us.some((p) => p.collection.code === "NMPL")).toBe(false);
      expect(ca.find((p) => p.category.code === "hot-cocoa")?.category.name).toBe("Chocolat chaud");
    });

    it("refuses a page out of shape with 400, never 5xx", async () => {
      for (const query of ["currentPage=-1", "currentPage=x", "pageSize=0", "pageSize=37", "collection=a%20b", `collection=${"x".repeat(41)}`]) {
        const answer = await call("GET", `/usb2c/fetchMonthlyProducts?${query}`);
        expect(answer.status, query).toBe(400);
        expect(error(answer)!.type, query).toBe("ValidationError");
      }
    });
  });

  describe("searchMonthlyProducts", () => {
    it("finds the month's products by the beginning of words of their name, collection or category, folding case and accents", async () => {
      const products = await all();
      const target = products.find((p) => p.category.code === "coffee")!;
      const word = target.name.split(" ")[0]!.slice(0, 4).toUpperCase();
      const found = MonthlySearchSchema.parse((await call("GET", `/usb2c/searchMonthlyProducts?text=${encodeURIComponent(word)}`)).body);
      expect(found.freeTextSearch).toBe(word);
      expect(found.products.map((p) => p.code)).toContain(target.code);
      const tea = MonthlySearchSchema.parse((await call("GET", "/usb2c/searchMonthlyProducts?text=tea&pageSize=36")).body);
      expect(tea.products.map((p) => p.code).sort()).toEqual(
        products
          .filter((p) => p.category.code === "tea" || /\btea\b/i.test(`${p.name} ${p.collection.name}`))
          .map((p) => p.code)
          .sort(),
      );
    });

    it("searches only the month's selection: a K-Cup box the month does not hold is not found", async () => {
      const codes = new Set((await all()).map((p) => p.code));
      const everything = await suite.api().db.selectFrom("product_text").select(["product_code", "name"]).where("lang", "=", "en").execute();
      const outside = everything.find((r) => /-KC-24$/.test(r.product_code) && !codes.has(r.product_code) && r.product_code.startsWith("50"));
      if (outside) {
        const found = MonthlySearchSchema.parse((await call("GET", `/usb2c/searchMonthlyProducts?text=${encodeURIComponent(outside.name)}`)).body);
        expect(found.products.map((p) => p.code)).not.toContain(outside.product_code);
      }
      expect(MonthlySearchSchema.parse((await call("GET", "/usb2c/searchMonthlyProducts?text=zzzzz")).body).pagination.totalResults).toBe(0);
    });

    it("searches French names in French on the Canadian store", async () => {
      const found = MonthlySearchSchema.parse((await call("GET", "/cab2c/searchMonthlyProducts?text=chocolat&lang=fr&pageSize=36")).body);
      expect(found.products.length).toBeGreaterThan(0);
      expect(found.products.every((p) => p.price.currencyIso === "CAD")).toBe(true);
    });

    it("asks for the text with 400", async () => {
      for (const query of ["", "text=", `text=${"a".repeat(101)}`]) {
        const answer = await call("GET", `/usb2c/searchMonthlyProducts?${query}`);
        expect(answer.status, query).toBe(400);
        expect(error(answer)!.message, query).toMatch(/text/);
      }
    });
  });

  describe("getKSKCategoryAndCollection and fetchCollectionCategoryData", () => {
    it("organises the month's 36 by category, each with its collections, and by collection, with counts that add up", async () => {
      const groups = MonthlyGroupsSchema.parse((await call("GET", "/usb2c/getKSKCategoryAndCollection")).body);
      expect(groups.categories.map((c) => c.code)).toEqual(["coffee", "tea", "hot-cocoa"]);
      expect(groups.categories.map((c) => c.name)).toEqual(["Coffee", "Tea", "Hot Cocoa"]);
      expect(groups.categories.reduce((n, c) => n + c.count, 0)).toBe(36);
      expect(groups.collections.reduce((n, c) => n + c.count, 0)).toBe(36);
      for (const c of groups.categories)
        expect(
          c.collections.reduce((n, g) => n + g.count, 0),
          c.code,
        ).toBe(c.count);
      expect(groups.collections.find((c) => c.code === "PRTE")).toMatchObject({ name: "Prairie Tea Co." });
    });

    it("names the categories in French on the Canadian store", async () => {
      const groups = MonthlyGroupsSchema.parse((await call("GET", "/cab2c/getKSKCategoryAndCollection?lang=fr")).body);
      expect(groups.categories.map((c) => c.name)).toEqual(["Café", "Thé", "Chocolat chaud"]);
    });

    it("gives one collection's products, within one category when asked", async () => {
      const groups = MonthlyGroupsSchema.parse((await call("GET", "/usb2c/getKSKCategoryAndCollection")).body);
      const collection = groups.collections[0]!;
      const answer = CollectionCategorySchema.parse((await call("GET", `/usb2c/fetchCollectionCategoryData?collection=${collection.code}`)).body);
      expect(answer.collection).toEqual(collection);
      expect(answer.category).toBeNull();
      expect(answer.products).toHaveLength(collection.count);
      const tea = CollectionCategorySchema.parse((await call("GET", "/usb2c/fetchCollectionCategoryData?collection=PRTE&category=tea")).body);
      expect(tea.category).toMatchObject({ code: "tea", name: "Tea" });
      expect(tea.products.every((p) => p.collection.code === "PRTE" && p.category.code === "tea")).toBe(true);
    });

    it("answers a collection or category the month does not hold 404, and a missing collection 400", async () => {
      expect((await call("GET", "/usb2c/fetchCollectionCategoryData?collection=NMPL")).status).toBe(404);
      expect((await call("GET", "/usb2c/fetchCollectionCategoryData?collection=PRTE&category=brewers")).status).toBe(404);
      const missing = await call("GET", "/usb2c/fetchCollectionCategoryData");
      expect(missing.status).toBe(400);
      expect(error(missing)!.message).toMatch(/collection/);
    });
  });

  describe("productSelect: checks a pick, writes nothing", () => {
    it("says four boxes of 24 fill the box, what it costs, and writes nothing", async () => {
      const [a, b, c] = await all();
      const before = await Promise.all([countOf("campaign_enrollment"), countOf("cart"), countOf("subscription")]);
      const answer = await call("POST", "/usb2c/productSelect", {
        entries: [
          { code: a!.code, quantity: 2 },
          { code: b!.code, quantity: 1 },
          { code: c!.code, quantity: "1" },
        ],
      });
      expect(answer.status).toBe(200);
      const select = ProductSelectSchema.parse(answer.body);
      expect(select).toMatchObject({
        boxPods: 96,
        pickedPods: 96,
        remainingPods: 0,
        excessPods: 0,
        state: "full",
        complete: true,
        refused: [],
        price: { minor: 5999, currencyIso: "USD" },
        message: "Your box is full: 96 pods.",
      });
      expect(select.entries).toEqual([
        { code: a!.code, name: a!.name, quantity: 2, pods: 48 },
        { code: b!.code, name: b!.name, quantity: 1, pods: 24 },
        { code: c!.code, name: c!.name, quantity: 1, pods: 24 },
      ]);
      expect(await Promise.all([countOf("campaign_enrollment"), countOf("cart"), countOf("subscription")])).toEqual(before);
    });

    it("says how many pods are missing or too many", async () => {
      const [a] = await all();
      const under = ProductSelectSchema.parse((await call("POST", "/usb2c/productSelect", { entries: [{ code: a!.code, quantity: 3 }] })).body);
      expect(under).toMatchObject({ state: "under", complete: false, remainingPods: 24, message: "Pick 24 more pods to fill your box." });
      const over = ProductSelectSchema.parse(
        (
          await call("POST", "/usb2c/productSelect", {
            entries: [
              { code: a!.code, quantity: 4 },
              { code: a!.code, quantity: 1 },
            ],
          })
        ).body,
      );
      expect(over).toMatchObject({ state: "over", complete: false, pickedPods: 120, excessPods: 24, entries: [{ code: a!.code, quantity: 5, pods: 120 }] });
    });

    it("refuses products outside the month's selection by name, in French on the Canadian store, in CAD", async () => {
      const [a] = await all("cab2c");
      const answer = await call("POST", "/cab2c/productSelect?lang=fr", {
        entries: [
          { code: a!.code, quantity: 4 },
          { code: "8003-BFBR-BRW-BLK", quantity: 1 },
          { code: "5001-SMRG-KC-12", quantity: 1 },
        ],
      });
      expect(answer.status).toBe(200);
      const select = ProductSelectSchema.parse(answer.body);
      expect(select).toMatchObject({
        state: "full",
        complete: false,
        price: { minor: 7899, currencyIso: "CAD" },
        message: "Votre boîte est pleine\u00a0: 96 dosettes.",
      });
      expect(select.refused).toEqual([
        { code: "8003-BFBR-BRW-BLK", reason: "notInSelection", message: "Ce produit ne fait pas partie de la sélection de ce mois." },
        { code: "5001-SMRG-KC-12", reason: "notInSelection", message: "Ce produit ne fait pas partie de la sélection de ce mois." },
      ]);
    });

    it("refuses a pick out of shape with 400 and the field named, never 5xx", async () => {
      for (const body of [
        {},
        { entries: [] },
        { entries: "5001-SMRG-KC-24" },
        { entries: [{ code: "5001-SMRG-KC-24" }] },
        { entries: [{ code: "5001-SMRG-KC-24", quantity: 0 }] },
        { entries: [{ code: "5001-SMRG-KC-24", quantity: 2.5 }] },
        { entries: [{ code: "5001-SMRG-KC-24", quantity: 25 }] },
        { entries: [{ code: "<script>", quantity: 1 }] },
        { entries: Array.from({ length: 37 }, () => ({ code: "5001-SMRG-KC-24", quantity: 1 })) },
        { entries: [{ code: "5001-SMRG-KC-24", quantity: 1 }], month: "next" },
      ]) {
        const answer = await call("POST", "/usb2c/productSelect", body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(error(answer)!.type).toBe("ValidationError");
        expect(error(answer)!.message, JSON.stringify(body).slice(0, 80)).toMatch(/entries|month/);
      }
      const notJson = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/productSelect`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{entries:",
      });
      expect(notJson.status).toBe(400);
    });
  });

  it("describes the six operations in the published OpenAPI document", async () => {
    const doc = (await (await fetch(`${suite.api().baseUrl}/rest/v2/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [name, method] of [
      ["getMonthlyFixedPriceDetails", "get"],
      ["fetchMonthlyProducts", "get"],
      ["searchMonthlyProducts", "get"],
      ["getKSKCategoryAndCollection", "get"],
      ["fetchCollectionCategoryData", "get"],
      ["productSelect", "post"],
    ] as const)
      expect(doc.paths[`/{brand}/${name}`]?.[method], name).toBeTruthy();
  });

  it("leaves the brewer campaigns as they were: the box is not one of getUserCampaignInfo's or getBrewers' campaigns", async () => {
    expect((await call("GET", "/usb2c/getBrewers?campaignId=170002")).status).toBe(404);
  });
});
