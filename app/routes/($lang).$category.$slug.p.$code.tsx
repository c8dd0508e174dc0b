import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import type { Lang } from "../../commerce/contract/common";
import type { Product } from "../../commerce/contract/product";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { AddToCartForm } from "../components/AddToCartForm";
import { NextDeliveryForm, PurchaseChoice } from "../components/AutoDeliveryChoice";
import { FormMessage, problemFor } from "../components/FormFields";
import { CartAddedNotice } from "../components/CartAddedNotice";
import { NotifyMeForm } from "../components/NotifyMeForm";
import { Badge, ProductSection, StockStatus } from "../components/ProductCard";
import { BundleContents, Gallery, type GalleryImage, Offers, PriceBlock, Specifications, VariantSelector } from "../components/ProductDetail";
import {
  addToExistingAd,
  ApiError,
  appliedCategoryCoupons,
  autoDeliveryOffer,
  checkForm,
  clientContext,
  CookieJar,
  couponLabel,
  data,
  formAnswer,
  getExistingAdDetails,
  getLayoutContent,
  getMediaSet,
  getProduct,
  getProductsByCodes,
  getRecommendedProducts,
  memberPricingMessageFor,
  NextDeliveryFormSchema,
  nextDeliveryOffer,
  offerPagesOf,
  orFailedPage,
  pageApi,
  productCodeOrNotFound,
  readFormFields,
  recentlyViewed,
  redirect,
  rememberViewed,
  shopperOf,
  shopTexts,
  toCard,
} from "../lib/product-page.server";
import { NEXT_DELIVERY_REFUSALS } from "../lib/auto-delivery";
import { CACHE_CONTROL, cacheHeaders } from "../lib/cache";
import { localePath } from "../lib/paths";
import { shownVariantCode } from "../lib/shown-variant";
import { type AnalyticsHandle, productPageFacts } from "../lib/data-layer";
import { useNonce } from "../lib/nonce";
import { jsonLd, seoMeta } from "../lib/seo";
import { shopMeta, useShop } from "../lib/shop";

/** The page's caching; an answer to its "Add to my next delivery" form is the subscriber's own (no-store). */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(cacheHeaders(args));
  args.actionHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
};

function galleryFrom(product: Product, media: Awaited<ReturnType<typeof getMediaSet>>): GalleryImage[] {
  const own = product.images.find((i) => i.imageType === "PRIMARY");
  const fromMedia = media
    ? media.set.item.filter((i) => i.type === "img").map((i) => `/images/products/${i.n}`)
    : product.images.filter((i) => i.imageType === "GALLERY").map((i) => i.url);
  const urls = [...new Set([own?.url, ...fromMedia].filter((u): u is string => !!u))];
  return urls.map((url) => ({ url, alt: product.name }));
}

/** Product page: /{category-slug}/{product-slug}/p/{code} (brewers under /Coffee-Makers/). */
export async function loader(args: LoaderFunctionArgs) {
  const { params, request, context } = args;
  const ctx = pageApi(args);
  const url = new URL(request.url);
  const code = productCodeOrNotFound(params.code);
  const jar = new CookieJar(request.headers.get("cookie"), context.privacyCookiesEnabled);
  const coupons = appliedCategoryCoupons(jar);
  const [product, media] = await Promise.all([orFailedPage(getProduct(ctx, code, "FULL", coupons)), getMediaSet(ctx, code)]);
  // One address per product: an old or mistyped slug answers 301 to the canonical URL.
  if (`/${params.category}/${params.slug}/p/${params.code}` !== product.url) {
    throw redirect(`${localePath(context.lang, product.url)}${url.search}`, 301);
  }
  const baseCode = product.baseProduct ?? product.code;
  const earlier = recentlyViewed(jar)
    .filter((c) => c !== baseCode)
    .slice(0, 4);
  rememberViewed(jar, baseCode);
  const signedIn = shopperOf(context).userPathId !== "anonymous";
  const [recent, recommended, memberPricingMessage, layout] = await Promise.all([
    earlier.length ? getProductsByCodes(ctx, earlier).catch(() => []) : Promise.resolve([]),
    getRecommendedProducts(ctx, product.code).catch(() => []),
    product.productType === "Brewer" ? Promise.resolve(undefined) : memberPricingMessageFor(ctx),
    getLayoutContent(ctx).catch(() => undefined),
  ]);
  const autoDelivery = layout ? autoDeliveryOffer(context, product, layout.siteConfig) : undefined;
  // A subscriber's own subscriptions: the page is then theirs alone. Without them the page still sells.
  const existing = autoDelivery && signedIn ? await getExistingAdDetails(ctx, shownVariantCode(product)).catch(() => undefined) : undefined;
  const nextDelivery = existing ? nextDeliveryOffer(context, existing) : undefined;
  const image = Number.parseInt(url.searchParams.get("image") ?? "0", 10);
  // A coupon price is this shopper's: no shared cache may keep it.
  const headers = jar.appendTo(new Headers({ "Cache-Control": coupons.length || existing ? "private, no-store" : CACHE_CONTROL.catalog }));
  return data(
    {
      product,
      // A campaign's offer links to its landing page, from the flags the product answer already has.
      offerPages: offerPagesOf(product, context.brand.id),
      gallery: galleryFrom(product, media),
      selectedImage: Number.isFinite(image) && image >= 0 ? image : 0,
      recent: recent.map(toCard),
      recommended: recommended.map(toCard).slice(0, 4),
      memberPricingMessage,
      couponLabel: couponLabel(product.appliedCoupon?.code, context.lang, context.brand.id),
      autoDelivery,
      nextDelivery,
      nextDeliveryAdded: nextDelivery !== undefined && url.searchParams.get("nextDelivery") === "added",
    },
    { headers },
  );
}

/**
 * "Add to my next delivery" (the page's one form of its own): back to this page with
 * ?nextDelivery=added, or this page again with the service's refusal in the shopper's words.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  pageApi({ params, context });
  const form = await readFormFields(request);
  const t = shopTexts(context.lang, context.brand.id);
  if (form.intent !== "nextDelivery") return formAnswer(form, { error: t.nextDelivery_failed });
  if (shopperOf(context).userPathId === "anonymous") return formAnswer(form, { error: t.nextDelivery_signIn }, 401);
  const checked = checkForm(context, NextDeliveryFormSchema, form);
  if ("answer" in checked) return checked.answer;
  try {
    await addToExistingAd(clientContext(context), checked.data);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
    const reason = NEXT_DELIVERY_REFUSALS.find((r) => r === err.errors[0]?.reason);
    return formAnswer(form, { error: reason ? t[`nextDelivery_${reason}`] : t.nextDelivery_failed }, err.status);
  }
  const here = new URL(request.url);
  here.searchParams.set("nextDelivery", "added");
  return redirect(`${here.pathname}${here.search}#next-delivery`, 303);
}

export const handle: AnalyticsHandle = {
  // The variant the page shows and adds, as the cart and the order will name it.
  analytics: (data: ReturnType<typeof useLoaderData<typeof loader>>) => ({
    pageType: "product",
    products: [{ ...productPageFacts(data.product), code: shownVariantCode(data.product) }],
  }),
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { brand, lang } = shopMeta(matches);
  if (!data || !brand) return [];
  const { product, gallery } = data;
  return seoMeta(brand, lang, product.url, `${product.name} | ${brand.name}`, product.summary, [
    { property: "og:type", content: "product" },
    ...(gallery[0] ? [{ property: "og:image", content: `https://${brand.host}${gallery[0].url}` }] : []),
  ]);
};

function structuredData(product: Product, host: string, lang: Lang, image?: string) {
  const origin = `https://${host}`;
  const url = `${origin}${localePath(lang, product.url)}`;
  const availability = product.stock.stockLevelStatus === "outOfStock" ? "https://schema.org/OutOfStock" : "https://schema.org/InStock";
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      sku: product.code,
      description: product.description ?? product.summary,
      brand: { "@type": "Brand", name: product.brand },
      ...(image ? { image: `${origin}${image}` } : {}),
      offers: { "@type": "Offer", url, priceCurrency: product.price.currencyIso, price: product.price.value.toFixed(2), availability },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        ...product.categories
          .slice(0, 1)
          .map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: `${origin}${localePath(lang, c.url ?? `/c/${c.code}`)}` })),
        { "@type": "ListItem", position: Math.min(1, product.categories.length) + 1, name: product.name, item: url },
      ],
    },
  ];
}

export default function ProductPage() {
  const { product, offerPages, gallery, selectedImage, recent, recommended, memberPricingMessage, couponLabel, autoDelivery, nextDelivery, nextDeliveryAdded } =
    useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const { brand, lang, t } = useShop();
  const nonce = useNonce();
  const location = useLocation();
  const soldOut = product.stock.stockLevelStatus === "outOfStock";
  const addCode = shownVariantCode(product);
  const category = product.categories[0];
  return (
    <div className="product-page">
      <Breadcrumbs trail={[...(category ? [{ name: category.name, url: category.url ?? `/c/${category.code}` }] : []), { name: product.name }]} lang={lang} />
      <div className="product-page__main">
        <Gallery key={`${product.code}-${location.search}`} images={gallery} selected={selectedImage} />
        <div className="product-page__buy">
          {product.badge ? <Badge badge={product.badge} /> : null}
          <h1>{product.name}</h1>
          <p className="product-page__brand">{product.brand}</p>
          <p>{product.summary}</p>
          <PriceBlock product={product} />
          {couponLabel ? <p className="price-block__coupon">{couponLabel}</p> : null}
          {memberPricingMessage ? <p className="member-note">{memberPricingMessage}</p> : null}
          <StockStatus status={product.stock.stockLevelStatus} t={t} />
          <VariantSelector product={product} lang={lang} />
          <CartAddedNotice lang={lang} errors />
          {soldOut || !product.purchasable ? null : (
            <AddToCartForm
              productCode={addCode}
              lang={lang}
              action={product.isBundle ? "/cart/add-bundle" : "/cart/add"}
              maxQuantity={product.isBundle ? 5 : 10}
            >
              {autoDelivery ? <PurchaseChoice offer={autoDelivery} productCode={addCode} /> : null}
            </AddToCartForm>
          )}
          {nextDelivery && !soldOut ? (
            <NextDeliveryForm offer={nextDelivery} productCode={addCode} added={nextDeliveryAdded} problem={problemFor(problem, "nextDelivery")} />
          ) : (
            // Refused to someone the page offers no such form (signed out meanwhile, say): the reason still shows.
            <FormMessage state={problemFor(problem, "nextDelivery")} />
          )}
          <Offers product={product} pages={offerPages} />
          {soldOut ? (
            <section className="notify" aria-labelledby="notify-heading">
              <h2 id="notify-heading">{t.notifyHeading}</h2>
              <NotifyMeForm lang={lang} productCode={product.code} />
            </section>
          ) : null}
        </div>
      </div>
      <BundleContents product={product} />
      {product.description ? (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading">{t.description}</h2>
          <p>{product.description}</p>
        </section>
      ) : null}
      <Specifications product={product} />
      <ProductSection id="recommended-heading" title={t.youMayAlsoLike} products={recommended} lang={lang} />
      <ProductSection id="recent-heading" title={t.recentlyViewed} products={recent} lang={lang} />
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: jsonLd(structuredData(product, brand.host, lang, gallery[0]?.url)) }}
      />
    </div>
  );
}
