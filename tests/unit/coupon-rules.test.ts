import { describe, expect, it } from "vitest";
import { type Coupon, type CouponLine, applyRefusal, couponUnitPrice, discountCart, percentOf } from "../../commerce/domain/coupon-rules";

const NOW = new Date("2026-06-01T12:00:00Z");
let nextId = 1;
const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: nextId++,
  code: "CODE",
  description: { en: "A coupon", fr: "Un coupon" },
  kind: "percentage",
  value: 10,
  minimumSpend: 0,
  scope: "order",
  scopeCodes: [],
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  uses: 0,
  customerId: null,
  firstOrderOnly: false,
  ...over,
});
const pods = (amount: number, productCode = "POD-1"): CouponLine => ({ productCode, categoryCodes: ["coffee", "k-cup-pods"], amount });
const tea = (amount: number): CouponLine => ({ productCode: "TEA-1", categoryCodes: ["tea"], amount });
const check = (c: Coupon | undefined, lines: CouponLine[], over: Partial<Parameters<typeof applyRefusal>[0]> = {}) =>
  applyRefusal({ coupon: c, applied: [], lines, customerUses: null, customerId: null, now: NOW, ...over });

describe("which codes a cart may take", () => {
  it("refuses a code no coupon of the site has as unknown", () => {
    expect(check(undefined, [pods(1000)])).toBe("unknown");
  });
  it("takes a customer's own coupon (a welcome coupon) from that customer only: to a guest or another account it is unknown", () => {
    const own = coupon({ customerId: "c-1" });
    expect(check(own, [pods(1000)], { customerId: "c-1" })).toBeNull();
    expect(check(own, [pods(1000)], { customerId: "c-2" })).toBe("unknown");
    expect(check(own, [pods(1000)], { customerId: null })).toBe("unknown");
  });

  it("refuses a coupon before its start as not yet valid and from its end on as expired", () => {
    expect(check(coupon({ startsAt: new Date("2026-06-01T12:00:01Z") }), [pods(1000)])).toBe("notYetValid");
    expect(check(coupon({ startsAt: NOW }), [pods(1000)])).toBeNull();
    expect(check(coupon({ endsAt: NOW }), [pods(1000)])).toBe("expired");
    expect(check(coupon({ endsAt: new Date("2026-06-01T12:00:01Z") }), [pods(1000)])).toBeNull();
  });

  it("refuses a coupon used as often as it may be, overall or by this customer", () => {
    expect(check(coupon({ maxUses: 5, uses: 5 }), [pods(1000)])).toBe("usedUp");
    expect(check(coupon({ maxUses: 5, uses: 4 }), [pods(1000)])).toBeNull();
    expect(check(coupon({ maxUsesPerCustomer: 1 }), [pods(1000)], { customerUses: 1 })).toBe("usedUpByCustomer");
    expect(check(coupon({ maxUsesPerCustomer: 1 }), [pods(1000)], { customerUses: 0 })).toBeNull();
    // A guest is not known until checkout, where the order counts them by e-mail.
    expect(check(coupon({ maxUsesPerCustomer: 1 }), [pods(1000)], { customerUses: null })).toBeNull();
  });

  it("refuses a category coupon when no line is in its categories, and a product coupon when no line is its product", () => {
    expect(check(coupon({ scope: "categories", scopeCodes: ["k-cup-pods"] }), [tea(1000)])).toBe("notApplicable");
    expect(check(coupon({ scope: "categories", scopeCodes: ["k-cup-pods"] }), [tea(1000), pods(500)])).toBeNull();
    expect(check(coupon({ scope: "products", scopeCodes: ["POD-2"] }), [pods(1000)])).toBe("notApplicable");
    expect(check(coupon({ scope: "products", scopeCodes: ["POD-1"] }), [pods(1000)])).toBeNull();
  });

  it("measures the minimum on the lines the coupon covers, before discounts", () => {
    expect(check(coupon({ minimumSpend: 4000 }), [pods(3999)])).toBe("minimumSpend");
    expect(check(coupon({ minimumSpend: 4000 }), [pods(2000), tea(2000)])).toBeNull();
    expect(check(coupon({ minimumSpend: 2000, scope: "categories", scopeCodes: ["tea"] }), [pods(5000), tea(1999)])).toBe("minimumSpend");
  });

  it("takes one whole-order coupon, any number of scoped ones, and the same code again as a no-op", () => {
    const save = coupon({ code: "SAVE10" });
    expect(check(coupon({ code: "FIVE" }), [pods(5000)], { applied: [save] })).toBe("notCombinable");
    expect(check(coupon({ scope: "categories", scopeCodes: ["tea"] }), [tea(5000)], { applied: [save] })).toBeNull();
    expect(check(save, [pods(5000)], { applied: [save] })).toBeNull();
  });

  it("takes a valid code on an empty cart, which waits for products it covers", () => {
    expect(check(coupon({ scope: "categories", scopeCodes: ["tea"], minimumSpend: 5000 }), [])).toBeNull();
    expect(check(coupon({ endsAt: NOW }), [])).toBe("expired");
  });
});

describe("what a coupon takes off", () => {
  it("rounds a percentage half a cent up, once for the order", () => {
    expect(percentOf(1005, 10)).toBe(101); // 100.5 → 101
    expect(percentOf(1004, 10)).toBe(100); // 100.4 → 100
    expect(percentOf(333, 15)).toBe(50); // 49.95 → 50
    // Three lines of 3.35 at 10 %: 1.005 for the order is 1.01, not three rounded 0.34s (1.02) or 0.33s (0.99).
    expect(discountCart([pods(335, "A"), pods(335, "B"), pods(335, "C")], [coupon({ value: 10 })], NOW).total).toBe(101);
  });

  it("caps a fixed amount at what it covers, so nothing goes below zero", () => {
    const five = coupon({ kind: "fixed", value: 500 });
    expect(discountCart([pods(1200)], [five], NOW).total).toBe(500);
    expect(discountCart([pods(300)], [five], NOW).total).toBe(300);
    const teaFive = coupon({ kind: "fixed", value: 500, scope: "categories", scopeCodes: ["tea"] });
    expect(discountCart([pods(5000), tea(200)], [teaFive], NOW).total).toBe(200);
  });

  it("discounts only the lines in a scoped coupon's categories", () => {
    const pods15 = coupon({ value: 15, scope: "categories", scopeCodes: ["k-cup-pods"] });
    const result = discountCart([pods(2000), tea(1000)], [pods15], NOW);
    expect(result.total).toBe(300);
    expect(result.coupons[0]).toMatchObject({ discount: 300, refusal: null });
  });

  it("takes scoped coupons first and the whole-order coupon from what they left", () => {
    const save10 = coupon({ code: "SAVE10", value: 10 });
    const pods15 = coupon({ code: "PODS15", value: 15, scope: "categories", scopeCodes: ["k-cup-pods"] });
    // Pods 20.00 − 3.00 = 17.00, tea 10.00: 10 % of 27.00 is 2.70, whichever was applied first.
    for (const order of [
      [save10, pods15],
      [pods15, save10],
    ]) {
      const result = discountCart([pods(2000), tea(1000)], order, NOW);
      expect(Object.fromEntries(result.coupons.map((c) => [c.coupon.code, c.discount]))).toEqual({ SAVE10: 270, PODS15: 300 });
      expect(result.total).toBe(570);
    }
  });

  it("never takes more than the cart, however many coupons", () => {
    const all = [
      coupon({ kind: "fixed", value: 900, scope: "categories", scopeCodes: ["tea"] }),
      coupon({ kind: "fixed", value: 900, scope: "products", scopeCodes: ["TEA-1"] }),
      coupon({ kind: "percentage", value: 100 }),
    ];
    expect(discountCart([tea(1000), pods(1)], all, NOW).total).toBe(1001);
  });

  it("shows a coupon the cart no longer qualifies for at 0, with the reason", () => {
    const result = discountCart(
      [pods(1000)],
      [coupon({ minimumSpend: 4000, kind: "fixed", value: 500 }), coupon({ scope: "categories", scopeCodes: ["tea"] })],
      NOW,
    );
    expect(result.coupons.map((c) => [c.discount, c.refusal])).toEqual([
      [0, "minimumSpend"],
      [0, "notApplicable"],
    ]);
    expect(discountCart([pods(1000)], [coupon({ endsAt: NOW })], NOW).coupons[0]?.refusal).toBe("expired");
  });
});

describe("the coupon price of a product page", () => {
  const line = { productCode: "POD-1", categoryCodes: ["k-cup-pods"] };

  it("is the best valid scoped coupon that covers the product", () => {
    const best = couponUnitPrice(
      1999,
      line,
      [
        coupon({ code: "P10", value: 10, scope: "categories", scopeCodes: ["k-cup-pods"] }),
        coupon({ code: "P15", value: 15, scope: "categories", scopeCodes: ["k-cup-pods"] }),
      ],
      NOW,
    );
    expect(best).toMatchObject({ price: 1699, coupon: { code: "P15" } });
  });

  it("is none for whole-order coupons, other categories, ended, used-up or unmet-minimum coupons", () => {
    const pods10 = { scope: "categories" as const, scopeCodes: ["k-cup-pods"] };
    expect(couponUnitPrice(1999, line, [coupon()], NOW)).toBeNull();
    expect(couponUnitPrice(1999, line, [coupon({ scope: "categories", scopeCodes: ["tea"] })], NOW)).toBeNull();
    expect(couponUnitPrice(1999, line, [coupon({ ...pods10, endsAt: NOW })], NOW)).toBeNull();
    expect(couponUnitPrice(1999, line, [coupon({ ...pods10, maxUses: 1, uses: 1 })], NOW)).toBeNull();
    expect(couponUnitPrice(1999, line, [coupon({ ...pods10, minimumSpend: 2000 })], NOW)).toBeNull();
  });
});
