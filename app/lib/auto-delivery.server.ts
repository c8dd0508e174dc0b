import type { z } from "zod";
import { shownVariant } from "./shown-variant";
import { adEligible, autoDeliveryUnitMinor, type ExistingAdDetailsSchema } from "../../commerce/contract/auto-delivery";
import { DEFAULT_FREQUENCY_WEEKS } from "../../commerce/contract/frequency";
import type { Product } from "../../commerce/contract/product";
import { formatDate, formatLocale, formatMoney, formatPercent } from "../../lib/format";
import type { AutoDeliveryOffer, NextDeliveryOffer } from "./auto-delivery";
import type { StorefrontContext } from "./context";

/** The store's auto-delivery settings, from its site configuration (the service prices and refuses by the same keys). */
export function autoDeliveryFromSiteConfig(siteConfig: Record<string, string>): { discountPercent: number; maxPodsAtHome: number | undefined } {
  const max = Number(siteConfig["podsAtHome.maxQuantity"]);
  const percent = Number(siteConfig["autoDelivery.discountPercent"] ?? 0);
  return {
    maxPodsAtHome: Number.isInteger(max) && max >= 0 ? max : undefined,
    discountPercent: Number.isFinite(percent) && percent >= 0 && percent < 100 ? percent : 0,
  };
}

/** The frequency the shopper chose last (on a product page), else the contract's default: the checkout starts from it. */
export function chosenFrequency(context: StorefrontContext): number {
  return context.shopper?.adFrequencyWeeks ?? DEFAULT_FREQUENCY_WEEKS;
}

/**
 * "Subscribe and save" for the variant the page shows, when it can come by auto-delivery on this
 * store: the one-time price and the subscriber's (priced as the service prices the first order).
 */
export function autoDeliveryOffer(context: StorefrontContext, product: Product, siteConfig: Record<string, string>): AutoDeliveryOffer | undefined {
  if (!adEligible(product, context.brand.id) || product.isBundle) return undefined;
  const variant = shownVariant(product);
  if (!variant) return undefined;
  const { discountPercent, maxPodsAtHome } = autoDeliveryFromSiteConfig(siteConfig);
  const locale = formatLocale(context.lang, context.brand.currency);
  const subscriber = autoDeliveryUnitMinor({
    listMinor: variant.variantPrice.listPrice.minor,
    saleMinor: variant.priceData.minor,
    strategy: variant.salesPriceStrategy,
    percent: discountPercent,
    kind: "first",
  });
  return {
    wording: context.brand.id === "usafh" ? "breakroom" : "consumer",
    percent: formatPercent(discountPercent, locale),
    oneTimePrice: variant.priceData.formattedValue,
    subscriberPrice: formatMoney(subscriber, context.brand.currency, locale),
    maxPodsAtHome,
  };
}

/** "Add to my next delivery" for a subscriber: their active subscriptions (none: no offer). */
export function nextDeliveryOffer(context: StorefrontContext, details: z.infer<typeof ExistingAdDetailsSchema>): NextDeliveryOffer | undefined {
  const active = details.subscriptions.filter((s) => s.status === "active");
  if (!details.eligible || active.length === 0) return undefined;
  const locale = formatLocale(context.lang, context.brand.currency);
  return { subscriptions: active.map((s) => ({ code: s.code, nextDelivery: formatDate(s.nextDeliveryDate, locale), hasProduct: s.hasProduct })) };
}
