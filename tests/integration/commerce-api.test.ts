import { describe, expect, it } from "vitest";
import { ApiErrorBodySchema } from "../../commerce/contract/common";
import { CmsPageSchema, SiteConfigSchema } from "../../commerce/contract/cms";
import { ProductListSchema, ProductSchema } from "../../commerce/contract/product";
import { DIALECTS } from "../support/databases";
import { confirmationToken, mailsTo } from "../support/mail";
import { commerceForSuite } from "../support/commerce";

describe.each(DIALECTS)("commerce API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const { get } = suite;
  const post = (path: string, body: unknown, contentType = "application/json") => suite.send("POST", path, body, { "Content-Type": contentType });

  describe("the seeded catalog", () => {
    it("holds at least 150 products across pods, bagged, canned, tea, cocoa, brewers, accessories and bundles", async () => {
      const count = await suite
        .api()
        .db.selectFrom("product")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("base_code", "is not", null)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBeGreaterThanOrEqual(150);
      const types = await suite.api().db.selectFrom("product").select("product_type").distinct().execute();
      expect(types.map((t) => t.product_type).sort()).toEqual(["Accessory", "Brewer", "Bundle", "Cocoa", "Coffee", "Tea"]);
      const packs = await suite.api().db.selectFrom("product").select("pack_type").distinct().where("pack_type", "is not", null).execute();
      expect(packs.map((p) => p.pack_type).sort()).toEqual(["Bagged", "Canned", "KCup"]);
      const soldOut = await suite.api().db.selectFrom("stock").select("product_code").where("level", "=", 0).execute();
      expect(soldOut.length).toBeGreaterThan(0);
    });

    it("is the same on every seed (deterministic)", async () => {
      const row = await suite
        .api()
        .db.selectFrom("price")
        .select("value")
        .where("product_code", "=", "5001-SMRG-KC-24")
        .where("currency", "=", "CAD")
        .where("kind", "=", "list")
        .executeTakeFirstOrThrow();
      expect(row.value).toBe(2399);
    });
  });

  describe("GET products/{code}?fields=FULL", () => {
    it("answers a US product in USD", async () => {
      const res = await get("/rest/v2/usb2c/products/5001-SMRG-KC-24?fields=FULL");
      expect(res.status).toBe(200);
      const product = ProductSchema.parse(await res.json());
      expect(product).toMatchObject({ code: "5001-SMRG-KC-24", baseProduct: "5001-SMRG", name: "Breakfast Blend, 24 ct K-Cup pods", brand: "Summit Ridge" });
      expect(product.price).toMatchObject({ currencyIso: "USD", value: 17.99, formattedValue: "$17.99" });
      expect(product.url).toBe("/Coffee/breakfast-blend/p/5001-SMRG-KC-24");
      expect(product.variantOptions.map((v) => v.code)).toContain("5001-SMRG-KC-72");
      expect(product.classifications?.[0]?.features.map((f) => f.code)).toEqual(["roast", "flavour", "caffeine", "packaging"]);
    });

    it("answers the Canadian product in CAD, in French with lang=fr", async () => {
      const res = await get("/rest/v2/cab2c/products/5001-SMRG-KC-24?fields=FULL&lang=fr&curr=CAD");
      const product = ProductSchema.parse(await res.json());
      expect(product.name).toBe("Mélange déjeuner, 24 dosettes K-Cup");
      expect(product.price).toMatchObject({ currencyIso: "CAD", value: 23.99, formattedValue: "23,99\u00a0$" });
      expect(product.description).toContain("torréfaction légère");
    });

    it("answers the commercial product in USD, including commercial-only packs", async () => {
      const res = await get("/rest/v2/usafh/products/5001-SMRG-KC-96?fields=FULL");
      expect(res.status).toBe(200);
      const product = ProductSchema.parse(await res.json());
      expect(product.price.currencyIso).toBe("USD");
      expect(product.variantOptions.map((v) => v.code)).not.toContain("5001-SMRG-KC-12");
    });

    it("names in a variant's specification only its own packaging, and in the family's every pack", async () => {
      const packaging = async (path: string) =>
        ProductSchema.parse(await (await get(path)).json())
          .classifications?.[0]?.features.find((f) => f.code === "packaging")
          ?.featureValues.map((v) => v.value);
      expect(await packaging("/rest/v2/usb2c/products/5001-SMRG-KC-24?fields=FULL")).toEqual(["K-Cup pods"]);
      expect(await packaging("/rest/v2/usb2c/products/5001-SMRG-CN-30?fields=FULL")).toEqual(["Canned"]);
      expect(await packaging("/rest/v2/cab2c/products/5001-SMRG-BG-12?fields=FULL&lang=fr&curr=CAD")).toEqual(["En sac"]);
      expect(await packaging("/rest/v2/usb2c/products/5001-SMRG?fields=FULL")).toEqual(["K-Cup pods, Bagged, Canned"]);
    });

    it("answers a base product with a FROM price of its cheapest variant", async () => {
      const product = ProductSchema.parse(await (await get("/rest/v2/usb2c/products/5001-SMRG")).json());
      expect(product.price.priceType).toBe("FROM");
      expect(product.price.minor).toBe(Math.min(...product.variantOptions.map((v) => v.priceData.minor)));
    });

    it("marks brewers' URLs with Coffee-Makers and gives each colour", async () => {
      const product = ProductSchema.parse(await (await get("/rest/v2/usb2c/products/8003-BFBR-BRW-RED?fields=FULL")).json());
      expect(product.url).toBe("/Coffee-Makers/classic-brewer/p/8003-BFBR-BRW-RED");
      expect(product.variantOptions.map((v) => v.variantColor)).toEqual(["Black", "Red", "Silver", "White"]);
      expect(product.isFreeCampaignEligible).toBe(true);
      expect(product.plain).toBe(false);
    });

    it("gives starter kits their bundle prices", async () => {
      const product = ProductSchema.parse(await (await get("/rest/v2/usb2c/products/BUNDLE-BREWER-STARTER-KIT?fields=FULL")).json());
      expect(product.isBundle).toBe(true);
      expect(product.url).toBe("/Starter-Kits/brewer-starter-kit/p/BUNDLE-BREWER-STARTER-KIT");
      const parts = product.bundleTemplateData!.masterTemplateData.bundleProductsData;
      expect(parts.map((p) => p.code)).toEqual(["8003-BFBR-BRW-BLK", "5001-SMRG-KC-24", "5002-SMRG-KC-24", "9001-BFAC-ACC-1"]);
      expect(product.price.minor).toBe(Math.round(product.originalPriceData!.minor * 0.8));
    });

    it("answers 404 with {errors:[{type,message}]} for an unknown code", async () => {
      const res = await get("/rest/v2/usb2c/products/9999-NOPE-KC-24");
      expect(res.status).toBe(404);
      const body = ApiErrorBodySchema.parse(await res.json());
      expect(body.errors[0]).toMatchObject({ type: "UnknownIdentifierError", subject: "9999-NOPE-KC-24" });
    });

    it("answers 404 for a product the brand does not sell", async () => {
      expect((await get("/rest/v2/usb2c/products/8009-BFBR-BRW-BLK")).status).toBe(404);
      expect((await get("/rest/v2/usafh/products/8009-BFBR-BRW-BLK")).status).toBe(200);
    });

    it("refuses malformed input with a 400 ValidationError naming the field", async () => {
      const bad = await get("/rest/v2/usb2c/products/5001-SMRG-KC-24?fields=EVERYTHING");
      expect(bad.status).toBe(400);
      expect(ApiErrorBodySchema.parse(await bad.json()).errors[0]).toMatchObject({ type: "ValidationError", subject: "fields" });
      expect((await get("/rest/v2/usb2c/products/5001-SMRG-KC-24?lang=fr")).status).toBe(400);
      expect((await get("/rest/v2/usb2c/products/5001-SMRG-KC-24?curr=CAD")).status).toBe(400);
      expect((await get("/rest/v2/nobrand/products/5001-SMRG-KC-24")).status).toBe(404);
      expect((await get(`/rest/v2/usb2c/products/${encodeURIComponent("a b';--")}`)).status).toBe(400);
    });
  });

  describe("GET products/productDetails", () => {
    it("answers the products in the order asked, skipping unknown codes", async () => {
      const res = await get("/rest/v2/usb2c/products/productDetails?productCodes=5003-SMRG-KC-24,NOPE-1,5001-SMRG-KC-24");
      const list = ProductListSchema.parse(await res.json());
      expect(list.products.map((p) => p.code)).toEqual(["5003-SMRG-KC-24", "5001-SMRG-KC-24"]);
    });
    it("uses only the first productsSize codes", async () => {
      const res = await get("/rest/v2/usb2c/products/productDetails?productCodes=5001-SMRG-KC-24,5002-SMRG-KC-24,5003-SMRG-KC-24&productsSize=2");
      expect(ProductListSchema.parse(await res.json()).products).toHaveLength(2);
    });
    it("refuses a missing productCodes", async () => {
      expect((await get("/rest/v2/usb2c/products/productDetails")).status).toBe(400);
    });
  });

  describe("content", () => {
    it("answers the home page with its slots and components", async () => {
      const page = CmsPageSchema.parse(await (await get("/rest/v2/cab2c/cms/pages?pageLabelOrId=homepage&lang=fr")).json());
      expect(page.title).toContain("Brewfront Canada");
      const types = page.slots.flatMap((s) => s.components.map((c) => c.typeCode));
      expect(types).toEqual(["HeroBannerComponent", "CMSParagraphComponent", "ProductCarouselComponent", "podQuizSection", "CMSParagraphComponent"]);
      const campaignSlot = page.slots.find((s) => s.position === "Campaign")?.components[0];
      expect(campaignSlot?.typeCode === "CMSParagraphComponent" && campaignSlot.content).toContain('href="/fr/offers"');
    });
    it("answers 404 for an unknown page", async () => {
      const res = await get("/rest/v2/usb2c/cms/pages?pageLabelOrId=nope");
      expect(res.status).toBe(404);
      expect(ApiErrorBodySchema.parse(await res.json()).errors[0]?.type).toBe("CMSItemNotFoundError");
    });
    it("answers the layout components by id", async () => {
      const res = await get("/rest/v2/usb2c/cms/components?componentIds=NavigationBar,GlobalBannerSection,GlobalNotificationSection,Footer");
      const body = (await res.json()) as { components: { typeCode: string }[] };
      expect(body.components.map((c) => c.typeCode)).toEqual(["NavigationBar", "GlobalBannerSection", "GlobalNotificationSection", "Footer"]);
    });
    it("answers site configuration with real values", async () => {
      const config = SiteConfigSchema.parse(await (await get("/rest/v2/cab2c/cms/siteConfig?pageLabelOrId=NAVIGATIONHEADER")).json());
      const entries = Object.fromEntries(config.siteConfigurations.map((e) => [e.key, e.value]));
      expect(entries["freeShipping.minimumPrice"]).toBe("5900");
      expect(entries["productDetails.defaultSize"]).toBe("20");
      expect(entries["auth0.redirectUri.fr"]).toBe("https://www.brewfront.ca/fr/authCallBack");
      expect(config.messageItems.length).toBeGreaterThan(0);
    });
  });

  describe("POST kpcEmailSignup (newsletter)", () => {
    it("stores the address unconfirmed, mails one confirmation link and answers the same for a repeat", async () => {
      const first = await post("/rest/v2/usb2c/kpcEmailSignup", { email: "  Ada@Example.com " });
      expect(first.status).toBe(202);
      const firstBody = await first.text();
      expect(JSON.parse(firstBody)).toEqual({ status: "pending", email: "ada@example.com" });
      const again = await post("/rest/v2/usb2c/kpcEmailSignup", { email: "ada@example.com" });
      expect(again.status).toBe(202);
      expect(await again.text()).toBe(firstBody);
      const rows = await suite.api().db.selectFrom("newsletter_subscription").selectAll().where("email", "=", "ada@example.com").execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.confirmed_at).toBeNull();
      const mails = mailsTo(suite.api().outbox, "ada@example.com");
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain("Subject: Confirm your Brewfront newsletter sign-up");
    });
    it("confirms with the mailed token once, then sends the welcome", async () => {
      const token = confirmationToken(suite.api().outbox, "ada@example.com");
      const res = await post("/rest/v2/usb2c/newsletter/confirm", { token });
      expect(res.status).toBe(200);
      expect(mailsTo(suite.api().outbox, "ada@example.com")[1]).toContain("Subject: Welcome to the Brewfront newsletter");
      expect((await post("/rest/v2/usb2c/newsletter/confirm", { token })).status).toBe(400);
    });
    it("keeps each brand's list apart", async () => {
      expect((await post("/rest/v2/cab2c/kpcEmailSignup?lang=fr", { email: "ada@example.com" })).status).toBe(202);
      const rows = await suite.api().db.selectFrom("newsletter_subscription").select("site").where("email", "=", "ada@example.com").execute();
      expect(rows.map((r) => r.site).sort()).toEqual(["cab2c", "usb2c"]);
    });
    it("refuses a bad address with 400 and writes nothing", async () => {
      const res = await post("/rest/v2/usb2c/kpcEmailSignup", { email: "not-an-email" });
      expect(res.status).toBe(400);
      expect(ApiErrorBodySchema.parse(await res.json()).errors[0]).toMatchObject({ type: "ValidationError", subject: "email" });
      const rows = await suite.api().db.selectFrom("newsletter_subscription").selectAll().where("email", "=", "not-an-email").execute();
      expect(rows).toHaveLength(0);
    });
    it("refuses malformed JSON with 400, not 500", async () => {
      const res = await post("/rest/v2/usb2c/kpcEmailSignup", "{not json", "application/json");
      expect(res.status).toBe(400);
      expect(ApiErrorBodySchema.safeParse(await res.json()).success).toBe(true);
    });
  });

  describe("the published contract", () => {
    it("serves OpenAPI generated from the zod schemas", async () => {
      const doc = (await (await get("/rest/v2/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toBe("3.1.0");
      expect(Object.keys(doc.paths)).toContain("/{brand}/products/{code}");
    });
    it("answers unknown API paths with a 404 error body", async () => {
      const res = await get("/rest/v2/usb2c/nothing-here");
      expect(res.status).toBe(404);
      expect(ApiErrorBodySchema.safeParse(await res.json()).success).toBe(true);
    });
  });
});
