import type { AddBundleRequest, QuickShopProduct } from "../contract/quick-shop";
import { findCustomer } from "../db/customers";
import type { Db } from "../db/index";
import { groupsOf } from "./account-rules";
import type { CartAdd, CartOwner, CartService } from "./carts";
import type { CatalogService } from "./catalog-service";
import { ShopError } from "./errors";
import type { ShopContext } from "./shop-context";

/**
 * A product tile's quick shop, and adding a bundle's components. Both price for the cart owner's
 * groups (the customer's, also when an agent asks), as the cart itself does.
 */
export class QuickShopService {
  constructor(private readonly deps: { db: Db; catalog: CatalogService; carts: CartService }) {}

  async productDetail(ctx: ShopContext, owner: CartOwner, code: string): Promise<QuickShopProduct> {
    const product = await this.deps.catalog.product(await this.pricedFor(ctx, owner), code, "DEFAULT");
    const selected = product.baseProduct ? product.code : (product.defaultVariantCode ?? product.code);
    const variants =
      product.variantOptions.length > 0
        ? product.variantOptions.map((v) => ({
            code: v.code,
            label: v.packLabel,
            price: v.priceData,
            originalPrice: v.originalPriceData,
            stockStatus: v.stock.stockLevelStatus,
            stockLevel: v.stock.stockLevel,
          }))
        : [
            {
              code: product.code,
              label: product.name,
              price: product.price,
              originalPrice: product.originalPriceData,
              stockStatus: product.stock.stockLevelStatus,
              stockLevel: product.stock.stockLevel,
            },
          ];
    return {
      code: product.baseProduct ?? product.code,
      name: product.name,
      url: product.url,
      image: product.images.find((i) => i.imageType === "PRIMARY")?.url,
      selectedVariantCode: variants.some((v) => v.code === selected) ? selected : variants[0]!.code,
      isBundle: product.isBundle,
      variants,
    };
  }

  /** Every component of the bundle, in one transaction: all of them, complete, or none. */
  async addBundle(ctx: ShopContext, owner: CartOwner, request: AddBundleRequest): Promise<CartAdd> {
    const bundle = await this.deps.catalog.bundle(ctx, request.productCode);
    const components = bundle.bundleTemplateData?.masterTemplateData.bundleProductsData ?? [];
    if (components.length === 0) {
      throw new ShopError("invalid", {
        type: "CartEntryError",
        reason: "emptyBundle",
        subject: "productCode",
        message: `Bundle '${bundle.code}' has nothing in it to add.`,
      });
    }
    const lines = components.map((c) => ({ productCode: c.code, entryType: "STD" as const, qty: c.quantity * request.qty, podsAtHomeQty: undefined }));
    return this.deps.carts.add(ctx, owner, request.cartGuid, lines, { whole: true });
  }

  private async pricedFor(ctx: ShopContext, owner: CartOwner): Promise<ShopContext> {
    if (owner === "anonymous") return { ...ctx, userGroups: [] };
    const customer = await findCustomer(this.deps.db, owner.customerId);
    return { ...ctx, userGroups: customer ? groupsOf(customer) : [] };
  }
}
