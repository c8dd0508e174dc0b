import type { DataLayer, DataLayerEvent } from "../../commerce/contract/analytics";
import { segmentCodes } from "../../commerce/contract/segment-codes";
import { type AnalyticsBase, decimal, type PageFacts } from "./data-layer";

/*
 * Builds the data layer from the root's facts and the page's (decision 080). Apart from the facts
 * the routes' handles pick (./data-layer), so a browser loads it only when it has to build a
 * layer: after a client navigation, with analytics allowed.
 */

/** The page's data layer; `error` marks an error page (source API when the service failed the page). */
export function buildDataLayer(base: AnalyticsBase, page: PageFacts | undefined, error?: { status: number; api: boolean }): DataLayer {
  const products = page?.products ?? [];
  const events: DataLayerEvent[] = [];
  if (base.cartEvent) events.push({ event: "cart_changed", cartGuid: base.cartEvent.cartGuid, quantity: base.cartEvent.quantity });
  if (error) events.push({ event: "error_page", source: error.api ? "API" : "page", status: error.status });
  const layer: DataLayer = {
    page_type: error ? "error" : (page?.pageType ?? "other"),
    site_brand: base.brand,
    site_language: base.lang,
    site_currency: base.currency,
    segment_codes: segmentCodes({
      repeatVisitor: base.repeatVisitor,
      signedIn: base.signedIn,
      perksMember: base.perksMember,
      employee: base.employee,
      productFlags: products.flatMap((p) => p.flags ?? []),
      badges: products.flatMap((p) => (p.badge ? [p.badge] : [])),
    }),
    events,
  };
  if (page?.categoryCode) layer.category_code = page.categoryCode;
  if (products.length > 0) {
    layer.product_id = products.map((p) => p.code);
    layer.product_name = products.map((p) => p.name ?? "");
    if (products.every((p) => p.quantity !== undefined)) layer.product_quantity = products.map((p) => p.quantity!);
    if (products.every((p) => p.priceMinor !== undefined)) layer.product_price = products.map((p) => decimal(p.priceMinor!));
    if (products.some((p) => p.category)) layer.product_category = products.map((p) => p.category ?? "");
  }
  const guid = base.cartEvent?.cartGuid ?? base.cart.guid;
  if (guid) layer.cart_guid = guid;
  layer.cart_quantity = base.cartEvent?.quantity ?? base.cart.quantity;
  const order = page?.order;
  if (order) {
    layer.order_id = order.code;
    layer.order_total = decimal(order.totalMinor);
    layer.order_subtotal = decimal(order.subtotalMinor);
    layer.order_tax = decimal(order.taxMinor);
    layer.order_shipping = decimal(order.shippingMinor);
    layer.order_discount = decimal(order.discountMinor);
    layer.order_currency = order.currency;
  }
  return page?.service ? { ...layer, ...page.service, events, segment_codes: page.service.segment_codes ?? layer.segment_codes } : layer;
}

/** JSON for an inline script element: `<` escaped so no value can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
