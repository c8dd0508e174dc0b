import { describe, expect, it } from "vitest";
import { amountFromText, GiftCardApplyValueSchema, GiftCardCredentialsSchema, maskGiftCardNumber } from "../../commerce/contract/gift-card";
import { checkRequestedAmount, type GiftCardFacts, planGiftCardUse, whyUnusable } from "../../commerce/domain/gift-card-rules";

const us = { site: "usb2c", currency: "USD" };
const now = new Date("2026-06-01T12:00:00Z");
const card = (facts: Partial<GiftCardFacts> = {}): GiftCardFacts => ({
  site: "usb2c",
  currency: "USD",
  balance: 2500,
  status: "active",
  expiresAt: null,
  ...facts,
});

describe("how much of each applied card pays an amount due", () => {
  it("uses the whole balance when the amount due is larger, and no more", () => {
    expect(planGiftCardUse([{ balance: 2500, requested: null }], 4000)).toEqual([2500]);
  });

  it("uses only the amount due when the balance is larger", () => {
    expect(planGiftCardUse([{ balance: 10000, requested: null }], 3499)).toEqual([3499]);
  });

  it("uses several cards in the order applied until the amount is paid", () => {
    expect(
      planGiftCardUse(
        [
          { balance: 2500, requested: null },
          { balance: 10000, requested: null },
          { balance: 5000, requested: null },
        ],
        6000,
      ),
    ).toEqual([2500, 3500, 0]);
  });

  it("uses no more than the part the shopper chose", () => {
    expect(
      planGiftCardUse(
        [
          { balance: 10000, requested: 1000 },
          { balance: 2500, requested: null },
        ],
        6000,
      ),
    ).toEqual([1000, 2500]);
  });

  it("uses the balance when it has fallen below the part chosen", () => {
    expect(planGiftCardUse([{ balance: 700, requested: 1000 }], 6000)).toEqual([700]);
  });

  it("uses nothing of an empty card and nothing when nothing is due", () => {
    expect(
      planGiftCardUse(
        [
          { balance: 0, requested: null },
          { balance: 2500, requested: null },
        ],
        1000,
      ),
    ).toEqual([0, 1000]);
    expect(planGiftCardUse([{ balance: 2500, requested: null }], 0)).toEqual([0]);
    expect(planGiftCardUse([{ balance: 2500, requested: null }], -50)).toEqual([0]);
  });

  it("never pays more in total than the amount due nor more than any balance", () => {
    for (let due = 0; due <= 20000; due += 733) {
      const cards = [
        { balance: 2500, requested: null },
        { balance: 10000, requested: 4000 },
        { balance: 300, requested: null },
      ];
      const uses = planGiftCardUse(cards, due);
      expect(uses.reduce((a, b) => a + b, 0)).toBe(Math.min(due, 2500 + 4000 + 300));
      uses.forEach((use, i) => {
        expect(use).toBeGreaterThanOrEqual(0);
        expect(use).toBeLessThanOrEqual(Math.min(cards[i]!.balance, cards[i]!.requested ?? Infinity));
      });
    }
  });
});

describe("which cards can pay on a site", () => {
  it("accepts an active card of the site's currency with a balance, expiring later or never", () => {
    expect(whyUnusable(card(), us, now)).toBeUndefined();
    expect(whyUnusable(card({ expiresAt: "2026-06-02T00:00:00Z" }), us, now)).toBeUndefined();
  });

  it("refuses a card in another currency than the site's", () => {
    expect(whyUnusable(card({ currency: "CAD" }), us, now)).toBe("currency");
  });

  it("treats a card of another site as unknown", () => {
    expect(whyUnusable(card({ site: "cab2c" }), us, now)).toBe("invalid");
  });

  it("refuses an expired, a blocked and an empty card", () => {
    expect(whyUnusable(card({ expiresAt: "2026-06-01T12:00:00Z" }), us, now)).toBe("expired");
    expect(whyUnusable(card({ status: "blocked" }), us, now)).toBe("blocked");
    expect(whyUnusable(card({ balance: 0 }), us, now)).toBe("empty");
  });
});

describe("the part of a balance a shopper may choose", () => {
  it("is more than nothing and at most the balance", () => {
    expect(checkRequestedAmount(1, 2500)).toBeUndefined();
    expect(checkRequestedAmount(2500, 2500)).toBeUndefined();
    expect(checkRequestedAmount(2501, 2500)).toBe("overBalance");
    expect(checkRequestedAmount(0, 2500)).toBe("overBalance");
    expect(checkRequestedAmount(10.5, 2500)).toBe("overBalance");
  });

  it("is typed as an amount in dollars, with a point or a comma", () => {
    expect(amountFromText("10")).toBe(1000);
    expect(amountFromText("10.5")).toBe(1050);
    expect(amountFromText(" 10,05 ")).toBe(1005);
    expect(amountFromText("0.99")).toBe(99);
    for (const bad of ["", "-5", "10.505", "1e3", "ten", "10.", "1 000"]) expect(amountFromText(bad), bad).toBeUndefined();
  });

  it("reaches the service as whole cents", () => {
    expect(GiftCardApplyValueSchema.parse({ id: "3", amount: "1050" })).toEqual({ id: 3, amount: 1050 });
    expect(GiftCardApplyValueSchema.safeParse({ id: 3, amount: 10.5 }).success).toBe(false);
    expect(GiftCardApplyValueSchema.safeParse({ id: 3, amount: 0 }).success).toBe(false);
  });
});

describe("card numbers and PINs", () => {
  it("accept the digits as printed, with spaces or dashes", () => {
    expect(GiftCardCredentialsSchema.parse({ number: "6006 4910-0010 0025", pin: " 2468 " })).toEqual({ number: "6006491000100025", pin: "2468" });
  });

  it("refuse anything but 16 digits and a 4 to 8 digit PIN", () => {
    for (const number of ["600649100010002", "60064910001000255", "6006x91000100025", ""]) {
      expect(GiftCardCredentialsSchema.safeParse({ number, pin: "2468" }).success, number).toBe(false);
    }
    for (const pin of ["123", "123456789", "12a4", ""])
      expect(GiftCardCredentialsSchema.safeParse({ number: "6006491000100025", pin }).success, pin).toBe(false);
  });

  it("show only the last four digits", () => {
    expect(maskGiftCardNumber("6006491000100025")).toBe("**** **** **** 0025");
  });
});
