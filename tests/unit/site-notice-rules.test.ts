import { describe, expect, it } from "vitest";
import { NOTICE_KEY } from "../../commerce/contract/site-notices";
import { CARD_NOTICE_DAYS, cardLastDay, cardNoticeKind, noticesOf, rewardEndingSoon, type SubscriptionFacts } from "../../commerce/domain/site-notice-rules";

const visa = (expMonth: number, expYear: number, last4 = "4242") => ({ brand: "visa", last4, expMonth, expYear });
const subscription = (code: string, card = visa(12, 2035), failures = 0, retryAt: string | null = null): SubscriptionFacts => ({
  code,
  card,
  paymentFailures: failures,
  retryAt,
});

describe("a saved card's notice (decision 075)", () => {
  it("counts to the last day of the expiry month, leap years included", () => {
    expect(cardLastDay({ expMonth: 2, expYear: 2028 })).toBe("2028-02-29");
    expect(cardLastDay({ expMonth: 2, expYear: 2027 })).toBe("2027-02-28");
    expect(cardLastDay({ expMonth: 12, expYear: 2026 })).toBe("2026-12-31");
  });

  it("says nothing 61 days before the card's last day, and that it expires from 60 days on", () => {
    // 03/2027 is good through 2027-03-31: 61 days after 2027-01-29, 60 after 2027-01-30.
    expect(CARD_NOTICE_DAYS).toBe(60);
    expect(cardNoticeKind({ expMonth: 3, expYear: 2027 }, "2027-01-29")).toBeNull();
    expect(cardNoticeKind({ expMonth: 3, expYear: 2027 }, "2027-01-30")).toBe("cardExpiring");
    expect(cardNoticeKind({ expMonth: 3, expYear: 2027 }, "2027-03-31")).toBe("cardExpiring");
  });

  it("says the card has expired from the day after its month", () => {
    expect(cardNoticeKind({ expMonth: 3, expYear: 2027 }, "2027-04-01")).toBe("cardExpired");
    expect(cardNoticeKind({ expMonth: 1, expYear: 2024 }, "2026-11-28")).toBe("cardExpired");
  });
});

describe("the customer's notices, before dismissals", () => {
  const today = "2026-11-28";

  it("lists expired cards, failed payments, expiring cards, then rewards, a card kept twice once", () => {
    const notices = noticesOf(
      {
        subscriptions: [
          subscription("AD10000001", visa(12, 2026)),
          subscription("AD10000002", visa(12, 2026)),
          subscription("AD10000003", visa(6, 2026, "0069"), 2, "2026-12-01T09:00:00.000Z"),
        ],
        rewards: [{ code: "WELCOME-AB12CD34", description: { en: "20% off", fr: "20 % de rabais" }, endsAt: "2026-12-05T23:59:59.999Z", used: false }],
      },
      today,
      "fr",
    );
    expect(notices.map((n) => n.key)).toEqual([
      "cardExpired:visa-0069:2026-06",
      "subscriptionPaymentFailed:AD10000003:2-2026-12-01",
      "cardExpiring:visa-4242:2026-12",
      "rewardExpiring:WELCOME-AB12CD34:2026-12-05",
    ]);
    expect(notices[1]!.subscription).toEqual({ code: "AD10000003", retryOn: "2026-12-01" });
    expect(notices[3]!.reward).toEqual({ code: "WELCOME-AB12CD34", description: "20 % de rabais", lastDay: "2026-12-05" });
    for (const n of notices) expect(n.key).toMatch(NOTICE_KEY);
  });

  it("gives a new key to a new cause: another expiry, another failure, a pause", () => {
    const key = (s: SubscriptionFacts) => noticesOf({ subscriptions: [s], rewards: [] }, today, "en").map((n) => n.key);
    expect(key(subscription("AD1", visa(1, 2027)))).not.toEqual(key(subscription("AD1", visa(12, 2026))));
    expect(key(subscription("AD1", undefined, 1, "2026-12-01T00:00:00Z"))).not.toEqual(key(subscription("AD1", undefined, 2, "2026-12-04T00:00:00Z")));
    expect(key(subscription("AD1", undefined, 3, null))).toEqual(["subscriptionPaymentFailed:AD1:3-paused"]);
  });

  it("leaves out used rewards and rewards ending after two weeks or already ended", () => {
    expect(rewardEndingSoon("2026-12-12T23:59:59.999Z", today)).toBe(true);
    expect(rewardEndingSoon("2026-12-13T00:00:00.000Z", today)).toBe(false);
    expect(rewardEndingSoon("2026-11-27T23:59:59.999Z", today)).toBe(false);
    const used = { code: "WELCOME-X", description: { en: "", fr: "" }, endsAt: "2026-12-01T00:00:00Z", used: true };
    expect(noticesOf({ subscriptions: [], rewards: [used] }, today, "en")).toEqual([]);
  });
});
