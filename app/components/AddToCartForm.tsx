import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { Lang } from "../../commerce/contract/common";
import { localePath } from "../lib/paths";
import { useHydrated } from "../lib/use-hydrated";
import type { CartAddResult } from "../lib/page-views";
import { useMessages } from "./useMessages";

/** How long the "added" snackbar stays. */
const SNACKBAR_MS = 5000;

/**
 * Add to cart: a plain POST to /cart/add that comes back to this page with a banner. With
 * JavaScript it posts in place, shows a snackbar for five seconds, and dispatches the
 * `cartChanged` event (cartGuid, quantity) on window for the header and anything else listening.
 */
export function AddToCartForm({
  productCode,
  lang,
  withQuantity = true,
  compact = false,
  action = "/cart/add",
  maxQuantity = 10,
}: {
  productCode: string;
  lang: Lang;
  withQuantity?: boolean;
  compact?: boolean;
  /** /cart/add-bundle adds a bundle's components instead of the bundle as one line. */
  action?: "/cart/add" | "/cart/add-bundle";
  /** The most the quantity picker offers (fewer when the stock is low). */
  maxQuantity?: number;
}) {
  const t = useMessages(lang);
  const fetcher = useFetcher<CartAddResult>();
  const location = useLocation();
  const hydrated = useHydrated();
  const result = fetcher.data;
  // The snackbar shows for the newest answer until its five seconds are up.
  const [expired, setExpired] = useState<CartAddResult>();
  const snackbar = !!result?.cartGuid && expired !== result;
  useEffect(() => {
    if (!result?.cartGuid || result.cartQuantity === undefined) return;
    window.dispatchEvent(new CustomEvent("cartChanged", { detail: { cartGuid: result.cartGuid, quantity: result.cartQuantity } }));
    const hide = setTimeout(() => setExpired(result), SNACKBAR_MS);
    return () => clearTimeout(hide);
  }, [result]);
  const params = new URLSearchParams(location.search);
  params.delete("added");
  params.delete("cartError");
  const returnTo = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const id = `qty-${productCode}`;
  return (
    <fetcher.Form method="post" action={action} className={`add-to-cart${compact ? " add-to-cart--compact" : ""}`}>
      <input type="hidden" name="productCode" value={productCode} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
      {withQuantity ? (
        <>
          <label htmlFor={id}>{t.quantity}</label>
          <select id={id} name="qty" defaultValue="1">
            {Array.from({ length: Math.max(1, Math.min(10, maxQuantity)) }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
        {t.addToCart}
      </button>
      <p className="snackbar" role="status" aria-live="polite" hidden={!snackbar && !result?.error}>
        {result?.error ? (
          result.error
        ) : snackbar ? (
          <>
            {t.addedToCart} <a href={localePath(lang, "/cart")}>{t.viewCart}</a>
          </>
        ) : null}
      </p>
    </fetcher.Form>
  );
}
