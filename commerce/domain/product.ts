import type { BrandId, Currency, Lang } from "../contract/common";
import { ELIGIBILITY_FLAGS, type EligibilityFlags, packUnit, type Product, type SalesPriceStrategy, type VariantOption } from "../contract/product";
import type { ProductFamilyRecord, ProductRecord } from "../db/catalog";
import { messagesFor, wordFor } from "./messages";
import { parseBadge } from "./badge";
import { price, resolvePriceBlocks } from "./pricing";
import { stockOf } from "./stock";

export interface PricingContext {
  currency: Currency;
  lang: Lang;
  userGroups: readonly string[];
  /** The site asking: its English is US or Canadian. Without one, US English. */
  site?: BrandId;
}

export type Fields = "BASIC" | "DEFAULT" | "FULL";

export type { ProductFamilyRecord, ProductRecord };
export { packUnit };

export function eligibilityFlags(json: string): EligibilityFlags {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  return Object.fromEntries(ELIGIBILITY_FLAGS.map((f) => [f, parsed[f] === true])) as EligibilityFlags;
}

/** A product is plain only when none of the eligibility flags is set. */
export function isPlainProduct(flags: EligibilityFlags): boolean {
  return ELIGIBILITY_FLAGS.every((f) => !flags[f]);
}

/**
 * Strings a cached product view keeps are built with join, which makes one flat string: `+` and
 * template literals make a chain of joined pieces instead, each piece an object the garbage
 * collector visits on every full collection for as long as the view is cached.
 */
export function productUrl(categorySlug: string, productSlug: string, code: string): string {
  return ["", categorySlug, productSlug, "p", encodeURIComponent(code)].join("/");
}

const imageUrl = (name: string) => ["/images/products/", name].join("");

const PACK_ORDER = ["KCup", "Bagged", "Canned"];

/** Pods before bags before cans, small packs before large; colours keep their code order. */
function byShelfOrder(a: ProductRecord, b: ProductRecord): number {
  const pack = (r: ProductRecord) => (r.pack_type ? PACK_ORDER.indexOf(r.pack_type) : -1);
  return pack(a) - pack(b) || (a.pack_size ?? 0) - (b.pack_size ?? 0) || a.code.localeCompare(b.code);
}

/** Colours are stored by their English name; the label is in the shopper's language. */
function variantLabel(v: ProductRecord, lang: Lang, site: BrandId | undefined): string {
  const words = messagesFor(lang, site);
  if (v.color) return wordFor(words.colours, v.color);
  if (v.pack_size) return words.packLabel(v.pack_size, packUnit(v.pack_type));
  return words.singleUnit;
}

function familyStock(sellable: ProductRecord[]): Product["familyStockStatus"] {
  const statuses = sellable.map((v) => stockOf(v.stockLevel).stockLevelStatus);
  return statuses.includes("inStock") ? "inStock" : statuses.includes("lowStock") ? "lowStock" : "outOfStock";
}

const views = new WeakMap<ProductFamilyRecord, Map<string, Product | null>>();

/**
 * assembleProduct, remembered per family record: a cached family is replaced (not changed) when
 * the catalog changes, so its remembered views go with it. Callers must not modify the result.
 */
export function productView(family: ProductFamilyRecord, requestedCode: string, ctx: PricingContext, fields: Fields): Product | null {
  let byKey = views.get(family);
  if (!byKey) {
    byKey = new Map();
    views.set(family, byKey);
  }
  const key = [requestedCode, fields, ctx.currency, ctx.lang, ctx.site ?? "", ctx.userGroups.join(",")].join("|");
  let view = byKey.get(key);
  if (view === undefined) {
    view = assembleProduct(family, requestedCode, ctx, fields);
    byKey.set(key, view);
  }
  return view;
}

/** Builds the API product for `requestedCode` (the base or one of its variants) from its family. */
export function assembleProduct(family: ProductFamilyRecord, requestedCode: string, ctx: PricingContext, fields: Fields): Product | null {
  const { base, variants } = family;
  const words = messagesFor(ctx.lang, ctx.site);
  const categorySlug = family.categories[0]?.slug ?? "Products";
  const sellable = variants.length > 0 ? variants : [base];
  const selected = sellable.find((v) => v.code === requestedCode) ?? sellable.find((v) => v.default_variant === 1) ?? sellable[0]!;
  const requested = requestedCode === base.code ? base : selected;

  const variantOptions: VariantOption[] = [];
  for (const v of [...variants].sort(byShelfOrder)) {
    const blocks = resolvePriceBlocks(v.prices, ctx.currency, ctx.lang, ctx.userGroups);
    if (!blocks) continue;
    const label = variantLabel(v, ctx.lang, ctx.site);
    variantOptions.push({
      code: v.code,
      url: productUrl(categorySlug, base.slug, v.code),
      defaultVariant: v.default_variant === 1,
      variantColor: v.color ?? undefined,
      packType: v.pack_type ?? undefined,
      packSize: v.pack_size ?? undefined,
      packLabel: label,
      stock: stockOf(v.stockLevel),
      priceData: blocks.priceData,
      originalPriceData: blocks.originalPriceData,
      discountPriceData: blocks.discountPriceData,
      promotedPriceData: blocks.promotedPriceData,
      personalizedPriceData: blocks.personalizedPriceData,
      campaignPriceData: blocks.campaignPriceData,
      variantPrice: { listPrice: blocks.listPrice },
      isDiscountPrice: blocks.isDiscountPrice,
      salesPriceStrategy: strategyOf(v.sales_price_strategy),
      variantOptionQualifiers: [
        v.color ? { qualifier: "color", name: words.colourQualifier, value: label } : { qualifier: "size", name: words.sizeQualifier, value: label },
      ],
    });
  }

  const selectedBlocks = resolvePriceBlocks(selected.prices, ctx.currency, ctx.lang, ctx.userGroups);
  if (!selectedBlocks) return null;
  const cheapest = variantOptions.length > 1 ? Math.min(...variantOptions.map((o) => o.priceData.minor)) : undefined;
  const flags = eligibilityFlags(base.flags);
  const primaryImage = selected.media[0] ?? base.media[0];
  const gallery = base.media.filter((m) => m.media_type === "image");

  // A variant is one pack: its specification names that pack, not every pack its family comes in.
  const ownPackaging = requested !== base && requested.pack_type ? wordFor(words.packTypes, requested.pack_type) : undefined;

  const isBundle = base.is_bundle === 1;
  const bundleProducts = family.bundleComponents.map(({ product, quantity }) => {
    const own = resolvePriceBlocks(product.prices, ctx.currency, ctx.lang, ctx.userGroups);
    const bundleShare = Math.round((own?.listPrice.minor ?? 0) * 0.8);
    return {
      code: product.code,
      name: product.name,
      quantity,
      productBundlePrice: price(bundleShare, ctx.currency, ctx.lang),
      inStock: product.stockLevel > 0,
    };
  });

  const product: Product = {
    code: requested.code,
    baseProduct: requested.code === base.code ? undefined : base.code,
    name: requested.code === base.code ? base.name : selected.name,
    summary: base.summary,
    description: fields === "FULL" ? base.description : undefined,
    url: productUrl(categorySlug, base.slug, requested.code),
    purchasable: selected.stockLevel > 0 && (!isBundle || bundleProducts.every((b) => b.inStock)),
    brand: base.brand_name,
    brandCode: base.brand_code,
    productType: base.product_type,
    series: base.series ?? undefined,
    packType: selected.pack_type ?? undefined,
    price: requested.code === base.code && cheapest !== undefined ? price(cheapest, ctx.currency, ctx.lang, "FROM") : selectedBlocks.priceData,
    originalPriceData: requested.code === base.code && cheapest !== undefined ? undefined : selectedBlocks.originalPriceData,
    stock: stockOf(selected.stockLevel),
    familyStockStatus: familyStock(sellable),
    images: [
      ...(primaryImage ? [{ imageType: "PRIMARY" as const, format: "product", url: imageUrl(primaryImage.image_name), altText: selected.name }] : []),
      ...gallery.map((m, galleryIndex) => ({
        imageType: "GALLERY" as const,
        format: "product",
        url: imageUrl(m.image_name),
        altText: base.name,
        galleryIndex,
      })),
    ],
    categories: family.categories.map((c) => ({ code: c.code, name: c.name, url: ["/c/", c.code].join("") })),
    classifications:
      fields === "FULL"
        ? [
            {
              code: "specifications",
              name: words.specifications,
              // Row names the service knows are written in the site's own spelling ("Flavor" in the US).
              features: family.classifications.map((c) => ({
                code: c.feature_code,
                name: Object.hasOwn(words.featureNames, c.feature_code) ? words.featureNames[c.feature_code]! : c.feature_name,
                featureValues: [{ value: c.feature_code === "packaging" && ownPackaging ? ownPackaging : c.value }],
              })),
            },
          ]
        : undefined,
    variantOptions: fields === "BASIC" ? [] : variantOptions,
    defaultVariantCode: variants.find((v) => v.default_variant === 1)?.code,
    badge: parseBadge(base.badge),
    isBundle,
    bundleMarkerProduct: base.bundle_marker === 1,
    bundleInStock: isBundle ? bundleProducts.every((b) => b.inStock) : undefined,
    bundleTemplateData:
      isBundle && fields !== "BASIC"
        ? { name: base.name, masterTemplateData: { bundleProductsData: bundleProducts.map(({ inStock: _inStock, ...b }) => b) } }
        : undefined,
    plain: isPlainProduct(flags),
    ...flags,
  };
  return product;
}

const STRATEGIES: readonly SalesPriceStrategy[] = ["ALL", "OTP", "AD_PARENT_OTP", "AD_RECURRING_OTP"];

/** The stored strategy; anything else (a row from before decision 053) reads as ALL. */
function strategyOf(stored: string | undefined): SalesPriceStrategy {
  return STRATEGIES.find((s) => s === stored) ?? "ALL";
}
