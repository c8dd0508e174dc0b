import type { DataLayer, PageType } from "../../commerce/contract/analytics";
import type { BrandId, Currency, Lang } from "../../commerce/contract/common";

/**
 * The analytics data layer a page carries (decision 080), built from data the page already has:
 * the root loader's facts about the shopper (only with analytics consent) and what the page's own
 * route says it is about through its `handle.analytics`. No extra call to the commerce service.
 */

/** What the root loader knows of every page, sent only when the shopper allowed analytics (c1). */
export interface AnalyticsBase {
  brand: BrandId;
  lang: Lang;
  currency: Currency;
  repeatVisitor: boolean;
  signedIn: boolean;
  perksMember: boolean;
  employee: boolean;
  cart: { guid?: string; quantity: number };
  /** The last cart change, said once (after the add or reward call that made it). */
  cartEvent?: { cartGuid: string; quantity: number };
}

/** A product a page is about; the price in minor units of the page's currency. */
export interface PageProduct {
  code: string;
  name?: string;
  quantity?: number;
  priceMinor?: number;
  category?: string;
  flags?: readonly string[];
  badge?: string;
}

/** What a route says about its page (its handle's `analytics`, from its loader's data). */
export interface PageFacts {
  pageType: PageType;
  categoryCode?: string;
  products?: readonly PageProduct[];
  order?: {
    code: string;
    currency: Currency;
    totalMinor: number;
    subtotalMinor: number;
    taxMinor: number;
    shippingMinor: number;
    discountMinor: number;
  };
  /** Facts the service answered (getTealiumTags) that the page's data did not have, e.g. product categories. */
  service?: Partial<DataLayer>;
}

/** A route module's handle, as far as analytics go. */
export interface AnalyticsHandle {
  analytics?: (data: never) => PageFacts | undefined;
}

/** Minor units as the data layer writes amounts: a decimal string. */
export const decimal = (minor: number): string => (minor / 100).toFixed(2);

/** A product page's product: its eligibility flags are its `is…` fields that are set (isBundle is a kind, not a flag). */
export function productPageFacts(product: {
  code: string;
  name: string;
  price: { minor: number };
  categories: readonly { code: string }[];
  badge?: { text: string };
}): PageProduct {
  const flags = Object.entries(product as Record<string, unknown>)
    .filter(([key, value]) => key.startsWith("is") && key !== "isBundle" && value === true)
    .map(([key]) => key);
  return {
    code: product.code,
    name: product.name,
    priceMinor: product.price.minor,
    category: product.categories[0]?.code,
    flags,
    badge: product.badge?.text,
  };
}

/** A listing's or carousel's product card. */
export const cardFacts = (card: { code: string; name: string; badge?: { text: string } }): PageProduct => ({
  code: card.code,
  name: card.name,
  badge: card.badge?.text,
});

/** A cart's or an order's line: the product, its units and unit price. */
export const lineFacts = (line: { quantity: number; product: { code: string; name: string }; basePrice: { minor: number } }): PageProduct => ({
  code: line.product.code,
  name: line.product.name,
  quantity: line.quantity,
  priceMinor: line.basePrice.minor,
});

/** An order's revenue as the data layer carries it: what the shopper paid, and its parts. */
export const orderFacts = (order: {
  code: string;
  totalPriceWithTax: { minor: number; currencyIso: Currency };
  subTotal: { minor: number };
  totalTax: { minor: number };
  deliveryCost: { minor: number };
  totalDiscounts: { minor: number };
}): NonNullable<PageFacts["order"]> => ({
  code: order.code,
  currency: order.totalPriceWithTax.currencyIso,
  totalMinor: order.totalPriceWithTax.minor,
  subtotalMinor: order.subTotal.minor,
  taxMinor: order.totalTax.minor,
  shippingMinor: order.deliveryCost.minor,
  discountMinor: order.totalDiscounts.minor,
});
