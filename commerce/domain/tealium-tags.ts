import type { DataLayer, TealiumTagsRequest } from "../contract/analytics";
import { ELIGIBILITY_FLAGS, type Price, type Product } from "../contract/product";
import { segmentCodes } from "../contract/segment-codes";
import type { CartOwner, CartService } from "./carts";
import type { CatalogService } from "./catalog-service";
import type { CheckoutService } from "./checkout";
import type { SearchService } from "./search-service";
import type { ShopContext } from "./shop-context";
import type { SiteNoticeService } from "./site-notices";

export interface TealiumTagDeps {
  catalog: CatalogService;
  search: SearchService;
  carts: CartService;
  checkout: CheckoutService;
  siteNotices: SiteNoticeService;
}

/** An amount as the data layer writes it: a decimal string of the currency's major unit. */
export const amount = (price: Pick<Price, "minor">): string => (price.minor / 100).toFixed(2);

/** The eligibility flags a product has set. */
export const flagsOf = (product: Product): string[] => ELIGIBILITY_FLAGS.filter((flag) => product[flag]);

/**
 * getTealiumTags (decision 080): a page's analytics data layer from what the store knows: the
 * products' names, prices, first categories, flags and badges; the category; the caller's cart
 * (its units) and order (its revenue); the shopper's segment codes. The cart and the order are
 * read as their owner's, so a stranger's guid or order number is refused as not found.
 */
export class TealiumTagService {
  constructor(private readonly deps: TealiumTagDeps) {}

  async tags(site: ShopContext, owner: CartOwner, request: TealiumTagsRequest): Promise<DataLayer> {
    const { catalog, search, carts, checkout, siteNotices } = this.deps;
    // The body's language names the products and categories, as a query's lang would.
    const ctx: ShopContext = request.lang ? { ...site, lang: request.lang } : site;
    const customerId = owner === "anonymous" ? null : owner.customerId;
    const [order, category, customer] = await Promise.all([
      request.orderCode ? checkout.order(ctx, owner, request.orderCode, request.cartGuid) : Promise.resolve(undefined),
      request.categoryCode ? search.categoryScope(ctx, request.categoryCode) : Promise.resolve(undefined),
      customerId ? siteNotices.details(ctx, customerId, { isSPCFlow: true }) : Promise.resolve(null),
    ]);
    // With an order, the guid named the cart the order was placed from: no cart is left to read.
    const cartGuid = order ? undefined : (request.cartGuid ?? (customerId ? await checkout.openCartGuid(ctx.site, customerId) : undefined));
    const cart = cartGuid ? await carts.read(ctx, owner, cartGuid) : undefined;
    // An order's or a cart's lines, or else the products the page names (those this store sells).
    const lines = order?.entries ?? (request.productCodes ? undefined : cart?.entries);
    const codes = lines ? lines.map((l) => l.product.code) : (request.productCodes ?? []);
    const products = codes.length > 0 ? await catalog.products(ctx, [...new Set(codes)], "DEFAULT") : [];
    const byCode = new Map(products.map((p) => [p.code, p]));
    const items: { code: string; name: string; price: Price; quantity?: number }[] = lines
      ? lines.map((l) => ({ code: l.product.code, name: l.product.name, price: l.basePrice, quantity: l.quantity }))
      : products.map((p) => ({ code: p.code, name: p.name, price: p.price }));
    const layer: DataLayer = {
      page_type: request.pageType,
      site_brand: ctx.site,
      site_language: ctx.lang,
      site_currency: ctx.currency,
      segment_codes: segmentCodes({
        repeatVisitor: request.repeatVisitor,
        signedIn: !!customer,
        perksMember: !!customer?.perksOptIn,
        employee: !!customer?.isEmployee,
        productFlags: products.flatMap(flagsOf),
        badges: products.flatMap((p) => (p.badge ? [p.badge.text] : [])),
      }),
      events: [],
    };
    if (category) layer.category_code = category.category.code;
    if (items.length > 0) {
      layer.product_id = items.map((i) => i.code);
      layer.product_name = items.map((i) => i.name);
      layer.product_price = items.map((i) => amount(i.price));
      layer.product_category = items.map((i) => byCode.get(i.code)?.categories[0]?.code ?? "");
      if (lines) layer.product_quantity = items.map((i) => i.quantity ?? 0);
    }
    if (cart) {
      layer.cart_guid = cart.guid;
      layer.cart_quantity = cart.totalUnitCount;
    }
    if (order) {
      layer.order_id = order.code;
      layer.order_total = amount(order.totalPriceWithTax);
      layer.order_subtotal = amount(order.subTotal);
      layer.order_tax = amount(order.totalTax);
      layer.order_shipping = amount(order.deliveryCost);
      layer.order_discount = amount(order.totalDiscounts);
      layer.order_currency = order.totalPriceWithTax.currencyIso;
    }
    return layer;
  }
}
