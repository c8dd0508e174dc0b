import { describe, expect, it } from "vitest";
import { DataLayerSchema } from "../../commerce/contract/analytics";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { OrderSchema } from "../../commerce/contract/checkout";
import { ProductSchema } from "../../commerce/contract/product";
import { commerceForSuite } from "../support/commerce";
import { guestToken, insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { guestCheckoutUpToTheCard, plentifulCoffee, randomHex } from "../support/guest-checkout";
import { firstError, restCaller } from "../support/rest";

const PASSWORD = "analytics-Test-password-1";
const BREWER = "8003-BFBR-BRW-BLK";
const POD = "5001-SMRG-KC-24";

/**
 * POST /rest/v2/{brand}/getTealiumTags (decision 080) on both databases: a page's analytics data
 * layer with the products', the category's, the caller's cart's and order's facts and the segment
 * codes; a cart or an order not the caller's is not found, and bad input is refused in words.
 */
describe.each(DIALECTS)("getTealiumTags API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const call = restCaller(() => suite.api().baseUrl);
  const tags = async (body: unknown, token?: string, brand = "usb2c") => {
    const answer = await call("POST", `/${brand}/getTealiumTags`, token, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return DataLayerSchema.parse(answer.body);
  };
  const product = async (code: string, brand = "usb2c") => ProductSchema.parse((await call("GET", `/${brand}/products/${code}?fields=FULL`)).body);
  const guestBearer = () => guestToken(suite.api().baseUrl, suite.api().config.auth.guestClient);
  const member = async (perksMember = false) => {
    const email = `analytics-${randomHex(8)}@example.com`;
    await insertAccount(suite.api().db, { email, password: PASSWORD, perksMember });
    return passwordToken(suite.api().baseUrl, { email, password: PASSWORD });
  };
  /** A placed guest order and the guid of the cart it came from. */
  const guestOrder = async () => {
    const ready = await guestCheckoutUpToTheCard(suite.api().baseUrl, suite.api().config.auth.guestClient, await plentifulCoffee(suite.api().db));
    const placed = await ready.place(randomHex(32));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return { guid: ready.guid, order: OrderSchema.parse(placed.body) };
  };

  describe("a product or category page", () => {
    it("answers the store, language, currency and the products' names, prices, first categories, flags and badges", async () => {
      const [brewer, pod] = await Promise.all([product(BREWER), product(POD)]);
      const layer = await tags({ pageType: "product", productCodes: [BREWER, POD, "NO-SUCH-PRODUCT"], lang: "en" });
      expect(layer).toMatchObject({
        page_type: "product",
        site_brand: "usb2c",
        site_language: "en",
        site_currency: "USD",
        product_id: [BREWER, POD],
        product_name: [brewer.name, pod.name],
        product_price: [(brewer.price.minor / 100).toFixed(2), (pod.price.minor / 100).toFixed(2)],
        product_category: [brewer.categories[0]!.code, pod.categories[0]!.code],
        events: [],
      });
      expect(layer.segment_codes[0]).toBe("NV");
      expect(layer.segment_codes).toEqual(expect.arrayContaining(["F:isFreeCampaignEligible", `B:${pod.badge!.text.toUpperCase()}`]));
      expect(layer.segment_codes).not.toContain("SI");
    });

    it("answers the Canadian store's French in CAD, the products named in French", async () => {
      const french = ProductSchema.parse((await call("GET", `/cab2c/products/${POD}?fields=FULL&lang=fr`)).body);
      const layer = await tags({ pageType: "category", categoryCode: "coffee", productCodes: [POD], lang: "fr" }, undefined, "cab2c");
      expect(layer).toMatchObject({ site_brand: "cab2c", site_language: "fr", site_currency: "CAD", category_code: "coffee", product_name: [french.name] });
    });

    it("refuses an unknown category as not found", async () => {
      const answer = await call("POST", "/usb2c/getTealiumTags", undefined, { pageType: "category", categoryCode: "no-such-category" });
      expect(answer.status).toBe(404);
    });

    it("says a repeat visitor's code when the storefront's cookie counts an earlier session", async () => {
      expect((await tags({ pageType: "home", repeatVisitor: true })).segment_codes).toEqual(["RV"]);
    });
  });

  describe("a cart", () => {
    it("answers a guest's cart by its guid: its lines with quantities, its guid and units", async () => {
      const added = CartModificationSchema.parse((await call("POST", "/usb2c/users/anonymous/addProductToCart", undefined, { productCode: POD, qty: 3 })).body);
      const layer = await tags({ pageType: "cart", cartGuid: added.cartGuid });
      expect(layer).toMatchObject({ cart_guid: added.cartGuid, cart_quantity: 3, product_id: [POD], product_quantity: [3] });
    });

    it("answers a member's own open cart, and the member's segment codes", async () => {
      const token = await member(true);
      await call("POST", "/usb2c/users/current/addProductToCart", token, { productCode: POD, qty: 2 });
      const layer = await tags({ pageType: "cart" }, token);
      expect(layer).toMatchObject({ cart_quantity: 2, product_id: [POD], product_quantity: [2] });
      expect(layer.segment_codes.slice(0, 3)).toEqual(["NV", "SI", "PK"]);
    });

    it("does not describe another shopper's cart", async () => {
      const token = await member();
      const theirs = CartModificationSchema.parse((await call("POST", "/usb2c/users/current/addProductToCart", token, { productCode: POD, qty: 1 })).body);
      const answer = await call("POST", "/usb2c/getTealiumTags", undefined, { pageType: "cart", cartGuid: theirs.cartGuid });
      expect(answer.status).toBe(404);
    });
  });

  describe("an order confirmation", () => {
    it("answers the order's number, revenue, tax, delivery and currency, and its lines, to the guest who placed it", async () => {
      const { guid, order } = await guestOrder();
      const layer = await tags({ pageType: "confirmation", orderCode: order.code, cartGuid: guid }, await guestBearer());
      expect(layer).toMatchObject({
        order_id: order.code,
        order_total: (order.totalPriceWithTax.minor / 100).toFixed(2),
        order_subtotal: (order.subTotal.minor / 100).toFixed(2),
        order_tax: (order.totalTax.minor / 100).toFixed(2),
        order_shipping: (order.deliveryCost.minor / 100).toFixed(2),
        order_currency: "USD",
        product_id: order.entries.map((e) => e.product.code),
        product_quantity: order.entries.map((e) => e.quantity),
      });
      expect(layer.cart_guid).toBeUndefined();
    });

    it("tells nobody else the revenue: another cart's guid, no guest token, or a member who did not place it", async () => {
      const { order } = await guestOrder();
      const guest = await guestBearer();
      const wrongGuid = await call("POST", "/usb2c/getTealiumTags", guest, { pageType: "confirmation", orderCode: order.code, cartGuid: randomHex(32) });
      expect(wrongGuid.status).toBe(404);
      expect(wrongGuid.body.order_total).toBeUndefined();
      const noToken = await call("POST", "/usb2c/getTealiumTags", undefined, { pageType: "confirmation", orderCode: order.code });
      expect(noToken.status).toBe(401);
      const stranger = await call("POST", "/usb2c/getTealiumTags", await member(), { pageType: "confirmation", orderCode: order.code });
      expect(stranger.status).toBe(404);
    });
  });

  describe("bad input", () => {
    it("is refused with 400 naming the field, never a 5xx", async () => {
      for (const body of [
        { pageType: "basement" },
        { pageType: "cart", cartGuid: "not-a-guid" },
        { pageType: "confirmation", orderCode: "12" },
        { pageType: "product", productCodes: Array.from({ length: 49 }, (_, i) => `P${i}`) },
        { pageType: "product", repeatVisitor: "yes" },
      ]) {
        const answer = await call("POST", "/usb2c/getTealiumTags", undefined, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(firstError(answer)?.type).toBe("ValidationError");
      }
    });
  });
});
