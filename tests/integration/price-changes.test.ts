import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, expectedPriceList } from "../../commerce/contract/checkout";
import { PriceUpdateResultSchema } from "../../commerce/contract/price-change";
import { ProductSchema } from "../../commerce/contract/product";
import { SearchPageSchema } from "../../commerce/contract/search";
import { type CommerceApi, createCommerceApi, type Db, openDatabase } from "../../commerce/service";
import { ADMIN_KEY, type RunningCommerce, startCommerce } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { guestToken } from "../support/customers";
import { guestCheckoutUpToTheCard, plentifulCoffee, randomHex, usStoreApi } from "../support/guest-checkout";

/** Comfortably above CATALOG_SYNC_MS (250 ms): how long another instance may take to show a change. */
const SYNC_WITHIN_MS = 2_000;

const changePrices = (base: string, code: string, body: unknown, headers: Record<string, string> = { "X-Admin-Key": ADMIN_KEY }) =>
  fetch(`${base}/rest/v2/usb2c/prices/${code}`, { method: "PUT", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const until = Date.now() + SYNC_WITHIN_MS;
  for (;;) {
    const value = await read();
    if (holds(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(DIALECTS)("operators change a variant's prices (%s)", (dialect) => {
  let one: RunningCommerce;
  // A second instance on the same database: its own connection, caches and change feed.
  let other: { baseUrl: string; db: Db; api: CommerceApi; server: Server };

  beforeAll(async () => {
    one = await startCommerce(dialect);
    const db = openDatabase(one.config);
    const api = createCommerceApi(db, one.config, pino({ level: "silent" }));
    const server = express().use(api).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    other = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, db, api, server };
  }, 120_000);

  afterAll(async () => {
    other.server.closeAllConnections();
    await new Promise((r) => other.server.close(r));
    await other.api.close();
    await other.db.destroy();
    await one?.stop();
  });

  const product = async (base: string, code: string) => ProductSchema.parse(await (await fetch(`${base}/rest/v2/usb2c/products/${code}?fields=FULL`)).json());
  /** The variant as its product page offers it. */
  const variant = async (base: string, code: string) => {
    const page = await product(base, code);
    return { name: page.name, ...page.variantOptions.find((v) => v.code === code)! };
  };

  describe("the operators' call", () => {
    it("refuses a wrong key, a relayed request, a sale price not below the list price and an unknown product, changing nothing", async () => {
      const code = await plentifulCoffee(one.db);
      const before = await variant(one.baseUrl, code);
      expect((await changePrices(one.baseUrl, code, { listPrice: 999 }, { "X-Admin-Key": "wrong-key" })).status).toBe(401);
      expect((await changePrices(one.baseUrl, code, { listPrice: 999 }, { "X-Admin-Key": ADMIN_KEY, "X-Forwarded-For": "203.0.113.7" })).status).toBe(404);
      const notBelow = await changePrices(one.baseUrl, code, { listPrice: 999, salePrice: 999 });
      expect(notBelow.status).toBe(400);
      expect(JSON.stringify(await notBelow.json())).toContain("salePrice");
      expect((await changePrices(one.baseUrl, code, { listPrice: "cheap" })).status).toBe(400);
      expect((await changePrices(one.baseUrl, "9999-NONE-KC-24", { listPrice: 999 })).status).toBe(404);
      expect((await variant(one.baseUrl, code)).priceData).toEqual(before.priceData);
      expect(await one.db.selectFrom("price_change").selectAll().execute()).toEqual([]);
    });
  });

  describe("a change shows everywhere within the sync interval", () => {
    it("on the other instance's product, search listing and cart, and the change is recorded with who made it", async () => {
      const code = await plentifulCoffee(one.db);
      const shown = await variant(other.baseUrl, code);
      const call = usStoreApi(() => other.baseUrl);
      const guid = CartModificationSchema.parse(
        (await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode: code, qty: 2 })).body,
      ).cartGuid;

      const listPrice = shown.variantPrice.listPrice.minor;
      // A sale below every other variant's price, so the listing's "from" price is this one.
      const change = await changePrices(one.baseUrl, code, { listPrice: listPrice + 200, salePrice: 7 });
      expect(change.status).toBe(200);
      expect(PriceUpdateResultSchema.parse(await change.json())).toMatchObject({ code, currency: "USD", listPrice: listPrice + 200, salePrice: 7 });

      const after = await eventually(
        () => variant(other.baseUrl, code),
        (p) => p.priceData.minor === 7,
      );
      expect(after.priceData.minor).toBe(7);
      expect(after.originalPriceData?.minor).toBe(listPrice + 200);

      const listing = await eventually(
        async () =>
          SearchPageSchema.parse(
            await (await fetch(`${other.baseUrl}/rest/v2/usb2c/products/search?query=${encodeURIComponent(shown.name.split(",")[0]!)}&pageSize=48`)).json(),
          ),
        (page) => page.products.some((p) => p.price.minor === 7),
      );
      expect(listing.products.map((p) => p.price.minor)).toContain(7);

      const cart = (await call("GET", `/users/anonymous/carts/${guid}`)).body as { entries: { basePrice: { minor: number }; totalPrice: { minor: number } }[] };
      expect(cart.entries[0]).toMatchObject({ basePrice: { minor: 7 }, totalPrice: { minor: 14 } });

      const recorded = await one.db.selectFrom("price_change").selectAll().where("product_code", "=", code).execute();
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ currency: "USD", list_before: listPrice, list_after: listPrice + 200, sale_after: 7 });
      expect(recorded[0]!.changed_by).toMatch(/127\.0\.0\.1/);

      // Ending the sale: the list price alone again.
      expect((await changePrices(one.baseUrl, code, { listPrice, salePrice: null })).status).toBe(200);
      const ended = await eventually(
        () => variant(other.baseUrl, code),
        (p) => p.priceData.minor === listPrice,
      );
      expect(ended.priceData.minor).toBe(listPrice);
      expect(ended.originalPriceData).toBeUndefined();
    });
  });

  describe("a cart reviewed before the change", () => {
    it("is re-priced at checkout: the order is refused naming the product, and placed at the new price once reviewed again", async () => {
      const code = await plentifulCoffee(one.db);
      const { guid, checkout } = await guestCheckoutUpToTheCard(other.baseUrl, one.config.auth.guestClient, code);
      const call = usStoreApi(() => other.baseUrl);
      const token = await guestToken(other.baseUrl, one.config.auth.guestClient);
      const place = (reviewed: typeof checkout) =>
        call("POST", `/users/anonymous/orders?cartId=${guid}`, token, {
          checkoutKey: randomHex(32),
          expectedTotal: reviewed.totalPriceWithTax.minor,
          expectedAmountDue: reviewed.amountDue.minor,
          expectedPrices: expectedPriceList(reviewed.cart.entries),
        });
      const unitPrice = checkout.cart.entries[0]!.basePrice.minor;
      expect((await changePrices(one.baseUrl, code, { listPrice: unitPrice + 300, salePrice: null })).status).toBe(200);

      // Once the other instance shows the new price (within the sync interval), its checkout charges it.
      await eventually(
        () => variant(other.baseUrl, code),
        (v) => v.priceData.minor === unitPrice + 300,
      );
      const refused = await place(checkout);
      expect(refused.status).toBe(409);
      expect(refused.body.errors?.[0]).toMatchObject({ reason: "priceChanged", subject: code });
      expect(refused.body.errors?.[0]?.message).toContain(`is now $`);

      const reviewedAgain = CheckoutSchema.parse((await call("GET", `/users/anonymous/carts/${guid}/checkout`, token)).body);
      expect(reviewedAgain.cart.entries[0]!.basePrice.minor).toBe(unitPrice + 300);
      const placed = await place(reviewedAgain);
      expect(placed.status).toBe(201);
      expect(placed.body.totalPriceWithTax).toMatchObject({ minor: reviewedAgain.totalPriceWithTax.minor });
    });
  });
});
