import { describe, expect, it } from "vitest";
import { type Coupon, applyRefusal, firstOrderRefusal } from "../../commerce/domain/coupon-rules";
import { friendCouponCode, isOwnAddress, mailboxOf, visibleState } from "../../commerce/domain/referral-rules";
import { CouponCodeSchema } from "../../commerce/contract/coupon";

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 1,
  code: "FRIEND-0123456789AB",
  description: { en: "A friend's welcome", fr: "Bienvenue" },
  kind: "percentage",
  value: 15,
  minimumSpend: 0,
  scope: "order",
  scopeCodes: [],
  startsAt: null,
  endsAt: null,
  maxUses: 1,
  maxUsesPerCustomer: 1,
  uses: 0,
  customerId: null,
  firstOrderOnly: true,
  ...over,
});

describe("whose address a member may invite", () => {
  it("is never the member's own, whatever its case, spaces or +tag", () => {
    expect(isOwnAddress("Ada@Example.com", " ada@example.com ")).toBe(true);
    expect(isOwnAddress("ada@example.com", "ada+friend@example.com")).toBe(true);
    expect(isOwnAddress("ada+shop@example.com", "ada@example.com")).toBe(true);
  });

  it("is anyone else's, including the same name at another domain", () => {
    expect(isOwnAddress("ada@example.com", "ada@example.org")).toBe(false);
    expect(isOwnAddress("ada@example.com", "grace@example.com")).toBe(false);
  });

  it("reads one mailbox under two spellings", () => {
    expect(mailboxOf(" Grace+Coffee@Example.COM")).toBe("grace@example.com");
  });
});

describe("what the member sees of an invitation", () => {
  it("shows an address that has an account as sent, like any other: it never says the address has an account", () => {
    expect(visibleState("notEligible")).toBe("sent");
    expect(visibleState("sent")).toBe("sent");
  });

  it("shows when the friend took the coupon and when they ordered", () => {
    expect(visibleState("joined")).toBe("joined");
    expect(visibleState("completed")).toBe("completed");
  });
});

describe("the friend's coupon", () => {
  it("has a code a shopper could type, within the coupon codes' rules", () => {
    const code = friendCouponCode("0a1b2c3d4e5f");
    expect(code).toBe("FRIEND-0A1B2C3D4E5F");
    expect(CouponCodeSchema.parse(code)).toBe(code);
  });

  it("is for a first order only: refused to a shopper with an order, taken by one without or not known yet", () => {
    expect(firstOrderRefusal(coupon(), 1)).toBe("firstOrderOnly");
    expect(firstOrderRefusal(coupon(), 0)).toBeNull();
    expect(firstOrderRefusal(coupon(), null)).toBeNull();
    expect(firstOrderRefusal(coupon({ firstOrderOnly: false }), 3)).toBeNull();
  });

  it("is refused when applied by a customer who has ordered before", () => {
    const check = (earlierOrders: number | null) =>
      applyRefusal({ coupon: coupon(), applied: [], lines: [], customerUses: 0, customerId: "c1", earlierOrders, now: new Date() });
    expect(check(2)).toBe("firstOrderOnly");
    expect(check(0)).toBeNull();
  });
});
