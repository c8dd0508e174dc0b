import { describe, expect, it } from "vitest";
import type { SiteNotice } from "../../commerce/contract/site-notices";
import { noticeArea, readsCustomerDetailsAgain } from "../../app/lib/site-notices.server";

const NOTICES: SiteNotice[] = [
  { key: "cardExpiring:visa-4242:2026-12", kind: "cardExpiring", card: { brand: "visa", last4: "4242", expires: "2026-12" } },
  { key: "subscriptionPaymentFailed:AD10000003:1-2026-12-01", kind: "subscriptionPaymentFailed", subscription: { code: "AD10000003", retryOn: "2026-12-01" } },
  { key: "subscriptionPaymentFailed:AD10000004:3-paused", kind: "subscriptionPaymentFailed", subscription: { code: "AD10000004", retryOn: null } },
  {
    key: "rewardExpiring:WELCOME-AB12CD34:2026-12-05",
    kind: "rewardExpiring",
    reward: { code: "WELCOME-AB12CD34", description: "20 % de rabais", lastDay: "2026-12-05" },
  },
];

describe("a customer's notices in the shop's words (decision 075)", () => {
  it("names the card, the month it ends and where to change it, in US English", () => {
    const area = noticeArea(NOTICES, "en", "usb2c", "USD");
    expect(area.label).toBe("Notices for you");
    expect(area.items[0]).toEqual({
      key: NOTICES[0]!.key,
      text: "Your VISA card ending in 4242 expires at the end of December 2026. Update it so your auto-deliveries keep coming.",
      link: { url: "/account/auto-delivery", label: "Update card" },
    });
    expect(area.items[1]!.text).toBe("We couldn't charge your card for auto-delivery AD10000003. We'll try again on Tue, Dec 1.");
    expect(area.items[2]!.text).toContain("so it's paused");
    expect(area.items[3]!.link.url).toBe("/cart");
  });

  it("writes French on the Canadian store's French pages, with French links", () => {
    const area = noticeArea(NOTICES, "fr", "cab2c", "CAD");
    expect(area.label).toBe("Avis pour vous");
    expect(area.items[0]!.text).toBe(
      "Votre carte VISA se terminant par 4242 expire à la fin de décembre 2026. Mettez-la à jour pour que vos livraisons automatiques continuent d’arriver.",
    );
    expect(area.items[0]!.link.url).toBe("/fr/account/auto-delivery");
    expect(area.items[3]!.text).toContain("WELCOME-AB12CD34 (20 % de rabais)");
    expect(area.items[3]!.link.url).toBe("/fr/cart");
  });

  it("has a sentence for every kind in every language", () => {
    for (const [lang, brand, currency] of [
      ["en", "usb2c", "USD"],
      ["en", "cab2c", "CAD"],
      ["fr", "cab2c", "CAD"],
    ] as const) {
      for (const item of noticeArea(NOTICES, lang, brand, currency).items) expect(item.text).not.toMatch(/\{\w+\}|undefined/);
    }
  });
});

describe("when a signed-in page reads the customer's details again", () => {
  const now = Date.parse("2026-11-28T12:00:00Z");
  const minutesAgo = (m: number) => now - m * 60_000;

  it("the account overview, which lists the notices, always reads them", () => {
    expect(readsCustomerDetailsAgain("/account", minutesAgo(1), now)).toBe(true);
    expect(readsCustomerDetailsAgain("/fr/account/", minutesAgo(1), now)).toBe(true);
  });

  it("every other page, account pages included, uses the session's copy while it is under five minutes old", () => {
    for (const page of ["/", "/account/perks", "/fr/account/designs", "/account/auto-delivery", "/accounting-tips"]) {
      expect(readsCustomerDetailsAgain(page, minutesAgo(4), now)).toBe(false);
      expect(readsCustomerDetailsAgain(page, minutesAgo(5), now)).toBe(true);
      expect(readsCustomerDetailsAgain(page, undefined, now)).toBe(true);
    }
  });
});
