import type { Lang } from "../../commerce/contract/common";
import type { Product } from "../../commerce/contract/product";
import { useLinkDelegation } from "../lib/link-delegation";
import { localePath } from "../lib/paths";
import type { ProductCardData } from "../lib/page-views";
import { Price } from "./Price";
import { useMessages } from "./useMessages";

export function StockStatus({ status, lang }: { status: Product["stock"]["stockLevelStatus"]; lang: Lang }) {
  const t = useMessages(lang);
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

export function ProductCard({ product, lang, compare }: { product: ProductCardData; lang: Lang; compare?: boolean }) {
  const t = useMessages(lang);
  return (
    <article className="product-card">
      {/* data-discover: Remix learns the product route ahead of the click, as it does for a <Link>. */}
      <a href={localePath(lang, product.url)} className="product-card__link" data-discover="true">
        {product.imageUrl ? <img src={product.imageUrl} alt="" width={240} height={240} loading="lazy" className="product-card__image" /> : null}
        {product.badge ? <Badge badge={product.badge} /> : null}
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <p className="product-card__brand">{product.brand}</p>
      <Price price={product.price} original={product.originalPrice} lang={lang} />
      <StockStatus status={product.stockStatus} lang={lang} />
      {compare ? (
        <label className="product-card__compare">
          <input type="checkbox" name="codes" value={product.code} /> {t.compareThis}
        </label>
      ) : null}
    </article>
  );
}

/** Cards link to their product pages; one handler navigates (and prefetches on hover) for them all. */
export function ProductGrid({ products, lang, compare }: { products: ProductCardData[]; lang: Lang; compare?: boolean }) {
  const links = useLinkDelegation({ prefetchOnIntent: true });
  return (
    <>
      <ul className="product-grid" {...links.containerProps}>
        {products.map((p) => (
          <li key={p.code}>
            <ProductCard product={p} lang={lang} compare={compare} />
          </li>
        ))}
      </ul>
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
