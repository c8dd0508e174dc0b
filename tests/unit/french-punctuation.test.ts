import { describe, expect, it } from "vitest";
import { accountMessages } from "../../app/brands/account-messages";
import { campaignMessages } from "../../app/brands/campaign-messages";
import { cartMessages } from "../../app/brands/cart-messages";
import { checkoutMessages } from "../../app/brands/checkout-messages";
import { checkoutPricingMessages } from "../../app/brands/checkout-pricing-messages";
import { couponMessages } from "../../app/brands/coupon-messages";
import { designMessages } from "../../app/brands/design-messages";
import { formMessages } from "../../app/brands/form-messages";
import { giftCardMessages } from "../../app/brands/gift-card-messages";
import { messages } from "../../app/brands/messages";
import { perksMessages } from "../../app/brands/perks-messages";
import { quizMessages } from "../../app/brands/quiz-messages";
import { subscriptionMessages } from "../../app/brands/subscription-messages";
import { autoDeliveryMessagesFor } from "../../commerce/domain/auto-delivery-messages";
import { designMessagesFor } from "../../commerce/domain/design-messages";
import { messagesFor } from "../../commerce/domain/messages";
import { punctuate } from "../../lib/format";

/** Every French phrase of the storefront's messages modules and the service's (mails), by module and key. */
function frenchPhrases(): [string, string][] {
  const modules: Record<string, object> = {
    messages: messages("fr"),
    account: accountMessages("fr"),
    campaign: campaignMessages("fr"),
    cart: cartMessages("fr"),
    checkout: checkoutMessages("fr"),
    checkoutPricing: checkoutPricingMessages("fr"),
    coupon: couponMessages("fr"),
    design: designMessages("fr"),
    designFields: designMessages("fr").fields,
    form: formMessages("fr"),
    giftCard: giftCardMessages("fr"),
    perks: perksMessages("fr"),
    quiz: quizMessages("fr"),
    subscriptions: subscriptionMessages("fr"),
    service: messagesFor("fr"),
    autoDelivery: autoDeliveryMessagesFor("fr", "cab2c"),
    designService: designMessagesFor("fr", "cab2c"),
    designChoices: {
      ...designMessagesFor("fr", "cab2c").milks,
      ...designMessagesFor("fr", "cab2c").sweetness,
      line: designMessagesFor("fr", "cab2c").labelled("Lait", "Entier"),
      drink: designMessagesFor("fr", "cab2c").lineLabel("Latté"),
    },
  };
  return Object.entries(modules).flatMap(([module, phrases]) =>
    Object.entries(phrases).flatMap(([key, value]) => (typeof value === "string" ? [[`${module}.${key}`, value] as [string, string]] : [])),
  );
}

describe("the French phrases", () => {
  it("set off : ; ! ? and % with a narrow no-break space, as French writes them", () => {
    const phrases = frenchPhrases();
    expect(phrases.length).toBeGreaterThan(300);
    const unpunctuated = phrases.filter(([, text]) => punctuate(text, "fr-CA") !== text).map(([key, text]) => `${key}: ${text}`);
    expect(unpunctuated).toEqual([]);
  });
});
