import { Link } from "react-router";
import { shownVariant, shownVariantCode } from "../lib/shown-variant";
import { useState } from "react";
import type { Lang } from "../../commerce/contract/common";
import type { EligibilityFlag, Product, VariantOption } from "../../commerce/contract/product";
import type { MessageKey } from "../brands/messages";
import { localePath } from "../lib/paths";
import { useShop } from "../lib/shop";
import { format } from "../brands/locale";
import { pointsForPrice, usePerks } from "../lib/perks";
import { Price } from "./Price";
import { StockStatus } from "./ProductCard";
import { useMessages } from "./useMessages";

export interface GalleryImage {
  url: string;
  alt: string;
}

/**
 * Main image and thumbnails. Each thumbnail is a link (?image=N) that the server answers with that
 * image shown, so the gallery works before JavaScript; with JavaScript it swaps in place.
 */
export function Gallery({ images, selected }: { images: GalleryImage[]; selected: number }) {
  const [current, setCurrent] = useState(Math.min(selected, Math.max(0, images.length - 1)));
  const t = useMessages();
  const main = images[current];
  if (!main) return null;
  return (
    <section className="gallery" aria-label={t.gallery}>
      <img src={main.url} alt={main.alt} width={480} height={480} className="gallery__main" />
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((img, i) => (
            <li key={`${img.url}-${i}`}>
              <a
                href={`?image=${i}`}
                aria-current={i === current ? "true" : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  setCurrent(i);
                }}
              >
                <img src={img.url} alt={`${img.alt} ${i + 1}`} width={72} height={72} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function VariantSelector({ product, lang }: { product: Product; lang: Lang }) {
  const t = useMessages();
  if (product.variantOptions.length < 2) return null;
  const qualifier = product.variantOptions[0]!.variantOptionQualifiers[0];
  const isColour = qualifier?.qualifier === "color";
  const selectedCode = shownVariantCode(product);
  return (
    <fieldset className="variants">
      <legend>{isColour ? t.chooseColour : t.chooseSize}</legend>
      <ul>
        {product.variantOptions.map((v: VariantOption) => (
          <li key={v.code}>
            <Link
              to={localePath(lang, v.url)}
              className={`variant${v.code === selectedCode ? " variant--on" : ""}${v.stock.stockLevelStatus === "outOfStock" ? " variant--out" : ""}`}
              aria-current={v.code === selectedCode ? "true" : undefined}
              replace
              preventScrollReset
              data-variant={v.code}
            >
              <span className="variant__label">{v.packLabel}</span>
              <span className="variant__price">{v.priceData.formattedValue}</span>
              {v.stock.stockLevelStatus === "outOfStock" ? <span className="variant__stock">{t.outOfStock}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Price blocks: the price paid, the list price struck through, member and campaign prices. */
export function PriceBlock({ product }: { product: Product }) {
  const t = useMessages();
  const selected = shownVariant(product);
  const personalized = selected?.personalizedPriceData;
  const campaign = selected?.campaignPriceData;
  // Once a size or colour is shown as selected, the price is that variant's, never "From …".
  const shown = selected ? selected.priceData : product.price;
  const original = selected ? selected.originalPriceData : product.originalPriceData;
  const perks = usePerks();
  return (
    <div className="price-block">
      <Price price={shown} original={original} t={t} />
      {perks.member ? (
        <p className="price-block__perks">
          {format(t.perksProductEarns, { points: pointsForPrice(perks, Math.min(shown.minor, personalized?.minor ?? shown.minor)) })}
        </p>
      ) : null}
      {personalized && personalized.minor < shown.minor ? (
        <p className="price-block__member">
          {t.memberPrice}
          {t.colon} <strong>{personalized.formattedValue}</strong>
        </p>
      ) : null}
      {campaign ? (
        <p className="price-block__campaign">
          {t.campaignPrice}
          {t.colon} <strong>{campaign.formattedValue}</strong>
        </p>
      ) : null}
    </div>
  );
}

const OFFER_TEXT: Partial<Record<EligibilityFlag, MessageKey>> = {
  isFreeCampaignEligible: "offerFreeCampaign",
  isFiftyPercentCampaignEligible: "offerFiftyPercentCampaign",
  isPremiumBrewerCampaignEligible: "offerPremiumBrewerCampaign",
  isKskLiteCampaignEligible: "offerStarterKitLite",
  isBBADCampaignEligible: "offerAutoDeliverySavings",
  isProductBMSMEligible: "offerBuyMoreSaveMore",
  isAFHSubscriptionEligible: "offerBreakroomSubscription",
  isAFHKbbFreeEligible: "offerBreakroomFreeBrewer",
  isAFHKbbPlatinumEligible: "offerBreakroomPlatinum",
  isVirtualProduct: "offerVirtual",
  isPersonalizedProduct: "offerPersonalized",
};

const OFFER_FLAGS = Object.keys(OFFER_TEXT) as EligibilityFlag[];

/** Offers from the eligibility flags, each linking to its campaign's landing page where the store has one; a plain product (no flag set) shows none. */
export function Offers({ product, pages }: { product: Product; pages: Partial<Record<EligibilityFlag, string>> }) {
  const t = useMessages();
  const { lang } = useShop();
  if (product.plain) return null;
  const offers = OFFER_FLAGS.filter((f) => product[f]).map((f) => ({ text: t[OFFER_TEXT[f]!], page: pages[f] }));
  if (offers.length === 0) return null;
  return (
    <section className="offers" aria-label={t.offers}>
      <ul>
        {offers.map((o) => (
          <li key={o.text}>{o.page ? <Link to={localePath(lang, o.page)}>{o.text}</Link> : o.text}</li>
        ))}
      </ul>
    </section>
  );
}

export function Specifications({ product }: { product: Product }) {
  const t = useMessages();
  const features = product.classifications?.flatMap((c) => c.features) ?? [];
  if (features.length === 0) return null;
  return (
    <section className="specs" aria-labelledby="specs-heading">
      <h2 id="specs-heading">{t.specifications}</h2>
      <table>
        <tbody>
          {features.map((f) => (
            <tr key={f.code}>
              <th scope="row">{f.name}</th>
              <td>{f.featureValues.map((v) => v.value).join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function BundleContents({ product }: { product: Product }) {
  const t = useMessages();
  const items = product.bundleTemplateData?.masterTemplateData.bundleProductsData ?? [];
  if (!product.isBundle || items.length === 0) return null;
  return (
    <section className="bundle" aria-labelledby="bundle-heading">
      <h2 id="bundle-heading">{t.inThisBundle}</h2>
      <ul>
        {items.map((b) => (
          <li key={b.code}>
            {b.quantity > 1 ? `${b.quantity} × ` : ""}
            {b.name}{" "}
            <span className="bundle__price">
              {t.bundleSave}
              {t.colon} {b.productBundlePrice.formattedValue}
            </span>
          </li>
        ))}
      </ul>
      <StockStatus status={product.bundleInStock ? "inStock" : "outOfStock"} t={t} />
    </section>
  );
}
