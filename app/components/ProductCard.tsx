import { Link } from "@remix-run/react";
import type { Lang } from "../../commerce/contract/common";
import type { Product } from "../../commerce/contract/product";
import { messages } from "../brands/messages";
import { localePath } from "../lib/paths";
import { Price } from "./Price";

export function StockStatus({ status, lang }: { status: Product["stock"]["stockLevelStatus"]; lang: Lang }) {
  const t = messages(lang);
  const text = status === "inStock" ? t.inStock : status === "lowStock" ? t.lowStock : t.outOfStock;
  return <span className={`stock stock--${status}`}>{text}</span>;
}

export function ProductCard({ product, lang }: { product: Product; lang: Lang }) {
  const image = product.images.find((i) => i.imageType === "PRIMARY");
  return (
    <article className="product-card">
      <Link to={localePath(lang, product.url)} className="product-card__link" prefetch="intent">
        {image ? <img src={image.url} alt="" width={240} height={240} loading="lazy" className="product-card__image" /> : null}
        {product.badge ? (
          <span className="badge" style={{ color: product.badge.foreground, background: product.badge.background }}>
            {product.badge.text}
          </span>
        ) : null}
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      <p className="product-card__brand">{product.brand}</p>
      <Price price={product.price} original={product.originalPriceData} lang={lang} />
      <StockStatus status={product.stock.stockLevelStatus} lang={lang} />
    </article>
  );
}
