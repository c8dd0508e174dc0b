import { describe, expect, it } from "vitest";
import { segmentCodes } from "../../commerce/contract/segment-codes";
import { type AnalyticsBase, lineFacts, orderFacts, productPageFacts } from "../../app/lib/data-layer";
import { buildDataLayer, scriptJson } from "../../app/lib/data-layer-builder";

const base: AnalyticsBase = {
  brand: "cab2c",
  lang: "fr",
  currency: "CAD",
  repeatVisitor: false,
  signedIn: false,
  perksMember: false,
  employee: false,
  cart: { guid: "0123456789abcdef0123456789abcdef", quantity: 2 },
};
const price = (minor: number) => ({ minor, currencyIso: "CAD" as const });

describe("the data layer of a page", () => {
  it("names the store, the language, the currency and the page type", () => {
    const layer = buildDataLayer(base, { pageType: "home" });
    expect(layer).toMatchObject({ page_type: "home", site_brand: "cab2c", site_language: "fr", site_currency: "CAD", segment_codes: ["NV"], events: [] });
  });

  it("carries a category page's code and its products' codes", () => {
    const layer = buildDataLayer(base, {
      pageType: "category",
      categoryCode: "coffee",
      products: [
        { code: "5001-SMRG-KC-24", name: "Breakfast Blend" },
        { code: "5003-SMRG-KC-24", name: "French Roast" },
      ],
    });
    expect(layer.category_code).toBe("coffee");
    expect(layer.product_id).toEqual(["5001-SMRG-KC-24", "5003-SMRG-KC-24"]);
    expect(layer.product_name).toEqual(["Breakfast Blend", "French Roast"]);
    // A card has no price in minor units: no price array rather than one with holes.
    expect(layer.product_price).toBeUndefined();
  });

  it("carries a product page's code, price, category, flags and badge", () => {
    const product = productPageFacts({
      code: "8003-BFBR-BRW-BLK",
      name: "Classic Brewer",
      price: price(12999),
      categories: [{ code: "brewers" }, { code: "gifts" }],
      badge: { text: "Best seller" },
      isFreeCampaignEligible: true,
      isVirtualProduct: false,
      isBundle: true,
    } as Parameters<typeof productPageFacts>[0]);
    const layer = buildDataLayer(base, { pageType: "product", products: [product] });
    expect(layer).toMatchObject({ product_id: ["8003-BFBR-BRW-BLK"], product_price: ["129.99"], product_category: ["brewers"] });
    expect(layer.segment_codes).toEqual(["NV", "F:isFreeCampaignEligible", "B:BEST_SELLER"]);
  });

  it("carries a cart's lines with their quantities, and the cart's guid and units", () => {
    const line = { quantity: 3, product: { code: "5001-SMRG-KC-24", name: "Breakfast Blend" }, basePrice: price(1699) };
    const layer = buildDataLayer(base, { pageType: "cart", products: [lineFacts(line)] });
    expect(layer).toMatchObject({
      product_id: ["5001-SMRG-KC-24"],
      product_quantity: [3],
      product_price: ["16.99"],
      cart_guid: base.cart.guid,
      cart_quantity: 2,
    });
  });

  it("carries an order's number, revenue and currency on the confirmation", () => {
    const order = {
      code: "00001234",
      totalPriceWithTax: price(5512),
      subTotal: price(4797),
      totalTax: price(715),
      deliveryCost: price(0),
      totalDiscounts: price(0),
      entries: [{ quantity: 3, product: { code: "5001-SMRG-KC-24", name: "Breakfast Blend" }, basePrice: price(1599) }],
    };
    const layer = buildDataLayer(base, { pageType: "confirmation", products: order.entries.map(lineFacts), order: orderFacts(order) });
    expect(layer).toMatchObject({
      order_id: "00001234",
      order_total: "55.12",
      order_subtotal: "47.97",
      order_tax: "7.15",
      order_currency: "CAD",
      product_quantity: [3],
    });
  });

  it("takes what the service added (categories, segment codes) over the page's own", () => {
    const layer = buildDataLayer(base, {
      pageType: "confirmation",
      products: [{ code: "5001-SMRG-KC-24", quantity: 1 }],
      service: { product_category: ["coffee"], segment_codes: ["RV", "PK"] },
    });
    expect(layer.product_category).toEqual(["coffee"]);
    expect(layer.segment_codes).toEqual(["RV", "PK"]);
  });
});

describe("the data layer's events", () => {
  it("says the last cart change with its cart and units", () => {
    const layer = buildDataLayer({ ...base, cartEvent: { cartGuid: "ffffffffffffffffffffffffffffffff", quantity: 5 } }, { pageType: "product" });
    expect(layer.events).toEqual([{ event: "cart_changed", cartGuid: "ffffffffffffffffffffffffffffffff", quantity: 5 }]);
    expect(layer).toMatchObject({ cart_guid: "ffffffffffffffffffffffffffffffff", cart_quantity: 5 });
  });

  it("marks an error page, with source API when the service failed the page", () => {
    expect(buildDataLayer(base, undefined, { status: 503, api: true })).toMatchObject({
      page_type: "error",
      events: [{ event: "error_page", source: "API", status: 503 }],
    });
    expect(buildDataLayer(base, undefined, { status: 404, api: false }).events).toEqual([{ event: "error_page", source: "page", status: 404 }]);
  });
});

describe("segment codes", () => {
  it("are built from repeat visitor, the shopper's flags, the products' flags and badges, once each", () => {
    expect(
      segmentCodes({
        repeatVisitor: true,
        signedIn: true,
        perksMember: true,
        employee: true,
        productFlags: ["isVirtualProduct", "isFreeCampaignEligible", "isVirtualProduct"],
        badges: ["Nouveauté", "New", "new"],
      }),
    ).toEqual(["RV", "SI", "PK", "EMP", "F:isFreeCampaignEligible", "F:isVirtualProduct", "B:NEW", "B:NOUVEAUTE"]);
  });
});

describe("the data layer in the page", () => {
  it("cannot close its script element", () => {
    expect(scriptJson({ product_name: ["</script><script>alert(1)</script>"] })).not.toContain("</script>");
    expect(JSON.parse(scriptJson({ a: "</script>" }))).toEqual({ a: "</script>" });
  });
});
