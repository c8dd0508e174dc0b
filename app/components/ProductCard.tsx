import type { Lang } from "../../commerce/contract/common";
import type { Product } from "../../commerce/contract/product";
import type { Messages } from "../brands/messages";
import { useLinkDelegation } from "../lib/link-delegation";
import { useHydrated } from "../lib/use-hydrated";
import { localePath } from "../lib/paths";
import type { ProductCardData } from "../lib/page-views";
import { TileAddToCart, useTileCartAdds } from "./AddToCartForm";
import { CartAddedNotice } from "./CartAddedNotice";
import { Price } from "./Price";
import { QuickShopButton } from "./QuickShopButton";
import { useMessages } from "./useMessages";

export function StockStatus({ status, t }: { status: Product["stock"]["stockLevelStatus"]; t: Pick<Messages, "inStock" | "lowStock" | "outOfStock"> }) {
  const text = status === "inStock" ? t.inStock : status === "lowStock" ? t.lowStock : t.outOfStock;
  return <span className={`stock stock--${status}`}>{text}</span>;
}

export function Badge({ badge }: { badge: NonNullable<Product["badge"]> }) {
  return (
    <span className="badge" style={{ color: badge.foreground, background: badge.background }}>
      {badge.text}
    </span>
  );
}

/** The id of a listing's compare form; the tiles' checkboxes name it. */
export const COMPARE_FORM_ID = "compare-form";

/** How a grid's tiles add to cart: the grid's add form, which add is on its way, whether JavaScript runs (quick shop). */
interface TileAdds {
  formId: string;
  pendingCode: string | undefined;
  hydrated: boolean;
}

/** The phrases a card shows. */
type CardTexts = Pick<Messages, "addToCart" | "compareThis" | "from" | "was" | "inStock" | "lowStock" | "outOfStock">;

/** Quick shop needs JavaScript: its button shows once the page runs in the browser. */
export function ProductCard({ product, lang, t, compare, adds }: { product: ProductCardData; lang: Lang; t: CardTexts; compare?: boolean; adds?: TileAdds }) {
  return (
    <article className="product-card">
      {/* data-discover: React Router learns the product route ahead of the click, as it does for a <Link>. */}
      <a href={localePath(lang, product.url)} className="product-card__link" data-discover="true">
        {product.imageUrl ? <img src={product.imageUrl} alt="" width={240} height={240} loading="lazy" className="product-card__image" /> : null}
        {product.badge ? <Badge badge={product.badge} /> : null}
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <p className="product-card__brand">{product.brand}</p>
      <Price price={product.price} original={product.originalPrice} t={t} />
      <StockStatus status={product.stockStatus} t={t} />
      {adds && product.addCode && product.stockStatus !== "outOfStock" ? (
        <div className="product-card__buy">
          <TileAddToCart
            productCode={product.addCode}
            action={product.isBundle ? "/cart/add-bundle" : "/cart/add"}
            formId={adds.formId}
            busy={adds.pendingCode === product.addCode}
            label={t.addToCart}
          />
          {adds.hydrated ? <QuickShopButton productCode={product.addCode} name={product.name} lang={lang} /> : null}
        </div>
      ) : null}
      {compare ? (
        <label className="product-card__compare">
          {/* Belongs to the listing's compare form, which cannot wrap the tiles' own add forms. */}
          <input type="checkbox" name="codes" value={product.code} form={COMPARE_FORM_ID} /> {t.compareThis}
        </label>
      ) : null}
    </article>
  );
}

/**
 * Cards link to their product pages and add to cart; one handler navigates (and prefetches on
 * hover) for them all, and one posts their adds.
 */
export function ProductGrid({ products, lang, compare }: { products: ProductCardData[]; lang: Lang; compare?: boolean }) {
  const links = useLinkDelegation({ prefetchOnIntent: true });
  const { formId, form, pendingCode, snackbar } = useTileCartAdds(lang);
  const adds: TileAdds = { formId, pendingCode, hydrated: useHydrated() };
  const t = useMessages();
  return (
    <>
      <CartAddedNotice lang={lang} codes={products.map((p) => p.addCode)} />
      {form}
      <ul className="product-grid" {...links.containerProps}>
        {products.map((p) => (
          <li key={p.code}>
            <ProductCard product={p} lang={lang} t={t} compare={compare} adds={adds} />
          </li>
        ))}
      </ul>
      {snackbar}
      {links.prefetch}
    </>
  );
}

/** A titled row of product cards (recommendations, recently viewed, best sellers); nothing when empty. */
export function ProductSection({ id, title, products, lang }: { id: string; title: string; products: ProductCardData[]; lang: Lang }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ProductGrid products={products} lang={lang} />
    </section>
  );
}
