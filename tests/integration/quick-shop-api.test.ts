import { describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationListSchema, CartSchema } from "../../commerce/contract/cart";
import { QuickShopProductSchema } from "../../commerce/contract/quick-shop";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

type ErrorBody = { errors?: { type: string; message: string; reason?: string; subject?: string; availableQuantity?: number }[] };

describe.each(DIALECTS)("quick shop and bundles on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const db = () => suite.api().db;
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> & ErrorBody };
  };
  const signIn = async (email: string) => {
    const res = await fetch(`${suite.api().baseUrl}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site: "usb2c" }).toString(),
    });
    return TokenResponseSchema.parse(await res.json()).access_token;
  };
  const components = (bundle: string) =>
    db().selectFrom("bundle_component").select(["product_code", "quantity"]).where("bundle_code", "=", bundle).orderBy("position").execute();
  const counts = async () => ({
    carts: Number(
      (
        await db()
          .selectFrom("cart")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    entries: await db().selectFrom("cart_entry").select(["id", "quantity"]).orderBy("id").execute(),
  });

  describe("quickShop/productDetail", () => {
    it("answers a family's variants with prices, stock and the default chosen", async () => {
      const answer = await call("GET", "/usb2c/users/anonymous/quickShop/productDetail?productCode=5001-SMRG");
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      const product = QuickShopProductSchema.parse(answer.body);
      expect(product.code).toBe("5001-SMRG");
      expect(product.isBundle).toBe(false);
      expect(product.variants.length).toBeGreaterThan(1);
      expect(product.variants.map((v) => v.code)).toContain(product.selectedVariantCode);
      const levels = await db()
        .selectFrom("stock")
        .select(["product_code", "level"])
        .where(
          "product_code",
          "in",
          product.variants.map((v) => v.code),
        )
        .execute();
      for (const v of product.variants) {
        expect(v.stockLevel).toBe(Math.max(0, levels.find((l) => l.product_code === v.code)!.level));
        expect(v.price.currencyIso).toBe("USD");
        expect(v.label).not.toBe("");
      }
    });

    it("chooses the variant asked for", async () => {
      const product = QuickShopProductSchema.parse((await call("GET", "/usb2c/users/anonymous/quickShop/productDetail?productCode=5001-SMRG-KC-24")).body);
      expect(product).toMatchObject({ code: "5001-SMRG", selectedVariantCode: "5001-SMRG-KC-24" });
    });

    it("prices for the caller's groups: an employee sees employee prices", async () => {
      const token = await signIn("demo.employee@example.com");
      const guest = QuickShopProductSchema.parse((await call("GET", "/usb2c/users/anonymous/quickShop/productDetail?productCode=5001-SMRG-KC-24")).body);
      const employee = QuickShopProductSchema.parse(
        (await call("GET", "/usb2c/users/current/quickShop/productDetail?productCode=5001-SMRG-KC-24", undefined, token)).body,
      );
      const price = (p: typeof guest) => p.variants.find((v) => v.code === "5001-SMRG-KC-24")!.price.minor;
      expect(price(employee)).toBeLessThan(price(guest));
    });

    it("says a bundle is one, in the site's currency", async () => {
      const product = QuickShopProductSchema.parse(
        (await call("GET", "/cab2c/users/anonymous/quickShop/productDetail?productCode=BUNDLE-BREWER-STARTER-KIT")).body,
      );
      expect(product).toMatchObject({ isBundle: true, selectedVariantCode: "BUNDLE-BREWER-STARTER-KIT" });
      expect(product.variants[0]!.price.currencyIso).toBe("CAD");
    });

    it("answers 404 for an unknown product or one the site does not sell, 400 for a malformed code", async () => {
      expect((await call("GET", "/usb2c/users/anonymous/quickShop/productDetail?productCode=NOPE-123")).status).toBe(404);
      expect((await call("GET", "/usafh/users/anonymous/quickShop/productDetail?productCode=BUNDLE-BREWER-STARTER-KIT")).status).toBe(404);
      const malformed = await call("GET", "/usb2c/users/anonymous/quickShop/productDetail?productCode=%3Cscript%3E");
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors![0]!.message).toMatch(/^productCode: /);
      expect((await call("GET", "/usb2c/users/anonymous/quickShop/productDetail")).status).toBe(400);
    });
  });

  describe("addBundleProduct", () => {
    it("adds every component of the bundle in one go", async () => {
      const parts = await components("BUNDLE-BREWER-STARTER-KIT");
      const answer = await call("POST", "/usb2c/users/anonymous/addBundleProduct", { productCode: "BUNDLE-BREWER-STARTER-KIT" });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const added = CartModificationListSchema.parse(answer.body);
      expect(added.cartModifications.map((m) => [m.entry.product.code, m.quantityAdded])).toEqual(parts.map((p) => [p.product_code, p.quantity]));
      expect(added.cartQuantity).toBe(parts.reduce((sum, p) => sum + p.quantity, 0));
      const cart = CartSchema.parse((await call("GET", `/usb2c/users/anonymous/carts/${added.cartGuid}`)).body);
      expect(cart.entries.map((e) => e.product.code).sort()).toEqual(parts.map((p) => p.product_code).sort());
    });

    it("adds a bundle twice (qty 2) to an existing cart as a form sends it", async () => {
      const first = CartModificationListSchema.parse(
        (await call("POST", "/usb2c/users/anonymous/addBundleProduct", { productCode: "BUNDLE-COMPACT-STARTER-KIT" })).body,
      );
      const res = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/users/anonymous/addBundleProduct`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ productCode: "BUNDLE-COMPACT-STARTER-KIT", qty: "2", cartGuid: first.cartGuid }).toString(),
      });
      expect(res.status).toBe(200);
      const again = CartModificationListSchema.parse(await res.json());
      expect(again.cartGuid).toBe(first.cartGuid);
      const parts = await components("BUNDLE-COMPACT-STARTER-KIT");
      expect(again.cartModifications.map((m) => [m.entry.product.code, m.quantityAdded, m.quantity])).toEqual(
        parts.map((p) => [p.product_code, 2 * p.quantity, 3 * p.quantity]),
      );
    });

    it("adds to a member's own cart", async () => {
      const token = await signIn("demo.customer@example.com");
      const answer = await call("POST", "/usb2c/users/current/addBundleProduct", { productCode: "BUNDLE-ELITE-STARTER-KIT" }, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const current = CartSchema.parse((await call("GET", "/usb2c/users/current/carts/current", undefined, token)).body);
      expect(current.guid).toBe(CartModificationListSchema.parse(answer.body).cartGuid);
    });

    it("adds nothing when one component is short of stock, and says which", async () => {
      const parts = await components("BUNDLE-ELITE-STARTER-KIT");
      const short = parts[1]!.product_code;
      const level = (await db().selectFrom("stock").select("level").where("product_code", "=", short).executeTakeFirstOrThrow()).level;
      await db().updateTable("stock").set({ level: 0 }).where("product_code", "=", short).execute();
      try {
        const before = await counts();
        const answer = await call("POST", "/usb2c/users/anonymous/addBundleProduct", { productCode: "BUNDLE-ELITE-STARTER-KIT" });
        expect(answer.status).toBe(400);
        expect(answer.body.errors![0]).toMatchObject({ type: "InsufficientStockError", subject: short, availableQuantity: 0 });
        expect(await counts()).toEqual(before);
      } finally {
        await db().updateTable("stock").set({ level }).where("product_code", "=", short).execute();
      }
    });

    it("refuses what is not a bundle, another brand's bundle, bad quantities and another shopper's cart, changing nothing", async () => {
      const token = await signIn("demo.perks@example.com");
      const members = CartModificationListSchema.parse(
        (await call("POST", "/usb2c/users/current/addBundleProduct", { productCode: "BUNDLE-COMPACT-STARTER-KIT" }, token)).body,
      );
      const before = await counts();
      const cases: [unknown, number][] = [
        [{ productCode: "5001-SMRG-KC-24" }, 404],
        [{ productCode: "BUNDLE-SMALL-BUSINESS" }, 404],
        [{ productCode: "NOPE" }, 404],
        [{ productCode: "BUNDLE-BREWER-STARTER-KIT", qty: 0 }, 400],
        [{ productCode: "BUNDLE-BREWER-STARTER-KIT", qty: "2.5" }, 400],
        [{ productCode: "BUNDLE-BREWER-STARTER-KIT", qty: 6 }, 400],
        [{ productCode: "" }, 400],
        [{ productCode: "BUNDLE-BREWER-STARTER-KIT", cartGuid: "xyz" }, 400],
        [{ productCode: "BUNDLE-BREWER-STARTER-KIT", cartGuid: members.cartGuid }, 404],
      ];
      for (const [body, status] of cases) {
        const answer = await call("POST", "/usb2c/users/anonymous/addBundleProduct", body);
        expect(answer.status, JSON.stringify(body)).toBe(status);
        expect(answer.body.errors![0]!.message.length).toBeGreaterThan(0);
      }
      expect(await counts()).toEqual(before);
    });
  });
});
