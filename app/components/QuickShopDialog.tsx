import { useFetcher } from "react-router";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { Lang } from "../../commerce/contract/common";
import type { QuickShopProduct } from "../../commerce/contract/quick-shop";
import { format } from "../brands/locale";
import type { Messages } from "../brands/messages";
import { localePath } from "../lib/paths";
import { AddToCartForm } from "./AddToCartForm";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The quick-shop dialog: a modal <dialog> (the page behind is inert), Tab kept inside it, Escape
 * or the close button closes it and focus returns to the tile's button. It loads the product from
 * /quickShop/productDetail and adds with the product page's form (snackbar, cartChanged event).
 */
export default function QuickShopDialog({
  productCode,
  name,
  lang,
  t,
  onClose,
}: {
  productCode: string;
  name: string;
  lang: Lang;
  t: Messages;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const product = useFetcher<QuickShopProduct | { error: string }>();
  const [chosen, setChosen] = useState<string>();
  const { load } = product;

  useEffect(() => {
    load(`/quickShop/productDetail?productCode=${encodeURIComponent(productCode)}`);
  }, [load, productCode]);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const data = product.data;
  const loaded = data && !("error" in data) ? data : undefined;
  const selectedCode = loaded ? (loaded.variants.some((v) => v.code === chosen) ? chosen! : loaded.selectedVariantCode) : undefined;
  const selected = loaded?.variants.find((v) => v.code === selectedCode);
  const titleId = `quick-shop-${productCode}`;
  return (
    <dialog
      ref={dialog}
      className="quick-shop"
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="quick-shop__head">
        <h2 id={titleId}>{format(t.quickShopOf, { name })}</h2>
        <button type="button" className="link-button quick-shop__close" onClick={onClose}>
          {t.quickShopClose}
        </button>
      </div>
      {!data ? (
        <p role="status">{t.quickShopLoading}</p>
      ) : !loaded ? (
        <p role="alert">{t.quickShopLoadFailed}</p>
      ) : (
        <div className="quick-shop__body">
          {loaded.image ? <img src={loaded.image} alt="" width={160} height={160} /> : null}
          <div>
            {loaded.variants.length > 1 ? (
              <fieldset className="quick-shop__variants">
                <legend>{t.quickShopChooseVariant}</legend>
                {loaded.variants.map((v) => (
                  <label key={v.code}>
                    <input
                      type="radio"
                      name="quick-shop-variant"
                      value={v.code}
                      checked={v.code === selectedCode}
                      disabled={v.stockStatus === "outOfStock"}
                      onChange={() => setChosen(v.code)}
                    />{" "}
                    {v.label} · {v.price.formattedValue}
                  </label>
                ))}
              </fieldset>
            ) : null}
            {selected ? (
              <p className="quick-shop__price">
                {selected.originalPrice ? <s>{selected.originalPrice.formattedValue}</s> : null} <strong>{selected.price.formattedValue}</strong>
                {selected.stockStatus === "lowStock" ? ` · ${format(t.quickShopInStockCount, { n: selected.stockLevel })}` : null}
              </p>
            ) : null}
            {loaded.isBundle ? <p>{t.quickShopBundleNote}</p> : null}
            {selected && selected.stockStatus !== "outOfStock" ? (
              <AddToCartForm
                key={selected.code}
                productCode={selected.code}
                lang={lang}
                action={loaded.isBundle ? "/cart/add-bundle" : "/cart/add"}
                maxQuantity={Math.min(loaded.isBundle ? 5 : 10, selected.stockLevel)}
              />
            ) : null}
            <a href={localePath(lang, loaded.url)}>{t.quickShopFullDetails}</a>
          </div>
        </div>
      )}
    </dialog>
  );
}
