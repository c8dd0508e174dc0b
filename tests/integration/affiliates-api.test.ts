import { describe, expect, it } from "vitest";
import { AffiliateReportSchema } from "../../commerce/contract/affiliate";
import { OrderSchema } from "../../commerce/contract/checkout";
import { ADMIN_KEY, commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { guestCheckoutUpToTheCard, plentifulCoffee, randomHex } from "../support/guest-checkout";

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Affiliates (decision 078): an order placed with the affiliate the shopper landed through keeps
 * it, and operators read orders and revenue by affiliate from operator/affiliate-orders.
 */
describe.each(DIALECTS)("orders through affiliates on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const readyCheckout = async () => guestCheckoutUpToTheCard(suite.api().baseUrl, suite.api().config.auth.guestClient, await plentifulCoffee(suite.api().db));
  const report = async (query: string, key: string | null = ADMIN_KEY) => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/operator/affiliate-orders?${query}`, { headers: key ? { "X-Admin-Key": key } : {} });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** A merchant id of this test's own, so earlier tests' orders never count. */
  const merchant = () => `M${randomHex(10)}`;

  describe("an order keeps the affiliate it came through", () => {
    it("lists the order under its merchant and site, with the order's total as revenue", async () => {
      const mid = merchant();
      const first = await readyCheckout();
      const placed = await first.place(randomHex(32), { affiliate: { merchantId: mid, siteId: "pub-42.link_7~a*b" } });
      expect(placed.status).toBe(201);
      const order = OrderSchema.parse(placed.body);
      const second = await readyCheckout();
      expect((await second.place(randomHex(32), { affiliate: { merchantId: mid } })).status).toBe(201);

      const answer = await report(`from=${today()}&to=${today()}&merchantId=${mid}`);
      expect(answer.status).toBe(200);
      const read = AffiliateReportSchema.parse(answer.body);
      expect(read.orders.map((o) => o.code)).toContain(order.code);
      expect(read.orders.find((o) => o.code === order.code)).toMatchObject({
        merchantId: mid,
        siteId: "pub-42.link_7~a*b",
        total: { minor: order.totalPriceWithTax.minor },
      });
      expect(read.affiliates).toHaveLength(2);
      const bySite = read.affiliates.find((a) => a.siteId === "pub-42.link_7~a*b")!;
      expect(bySite).toMatchObject({ merchantId: mid, orders: 1, revenue: { minor: order.totalPriceWithTax.minor, currencyIso: "USD" } });
    });

    it("leaves an order without an affiliate out of the report", async () => {
      const checkout = await readyCheckout();
      const order = OrderSchema.parse((await checkout.place(randomHex(32))).body);
      const read = AffiliateReportSchema.parse((await report(`from=${today()}&to=${today()}`)).body);
      expect(read.orders.map((o) => o.code)).not.toContain(order.code);
      const row = await suite
        .api()
        .db.selectFrom("shop_order")
        .select(["affiliate_merchant_id", "affiliate_site_id"])
        .where("code", "=", order.code)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ affiliate_merchant_id: null, affiliate_site_id: null });
    });

    it("counts only the days asked: yesterday's report does not hold today's order", async () => {
      const mid = merchant();
      expect((await (await readyCheckout()).place(randomHex(32), { affiliate: { merchantId: mid } })).status).toBe(201);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const read = AffiliateReportSchema.parse((await report(`from=${yesterday}&to=${yesterday}&merchantId=${mid}`)).body);
      expect(read).toMatchObject({ affiliates: [], orders: [] });
    });

    it("refuses an affiliate out of shape with 400 and places nothing", async () => {
      const checkout = await readyCheckout();
      const refused = await checkout.place(randomHex(32), { affiliate: { merchantId: "<script>", siteId: "x" } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain("letters or digits");
      const orders = await suite.api().db.selectFrom("shop_order").select("code").where("cart_guid", "=", checkout.guid).execute();
      expect(orders).toEqual([]);
    });
  });

  describe("the report is the operators' alone", () => {
    it("answers 401 without the operator key, and 400 for days out of shape or in the wrong order", async () => {
      expect((await report(`from=${today()}&to=${today()}`, null)).status).toBe(401);
      expect((await report(`from=${today()}&to=${today()}`, "wrong-key")).status).toBe(401);
      expect((await report("from=yesterday&to=today")).status).toBe(400);
      expect((await report("from=2026-11-02&to=2026-11-01")).status).toBe(400);
    });

    it("is not served to a shopper's request relayed by a proxy", async () => {
      const res = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/operator/affiliate-orders?from=${today()}&to=${today()}`, {
        headers: { "X-Admin-Key": ADMIN_KEY, "X-Forwarded-For": "203.0.113.9" },
      });
      expect(res.status).toBe(404);
    });
  });
});
