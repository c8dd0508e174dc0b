import { useFetcher, useLocation } from "react-router";
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from "react";
import type { Lang } from "../../commerce/contract/common";
import { localePath } from "../lib/paths";
import { useHydrated } from "../lib/use-hydrated";
import type { CartAddResult } from "../lib/page-views";
import { useShop } from "../lib/shop";
import { cartErrorText } from "./CartAddedNotice";
import { useMessages } from "./useMessages";

/** How long the "added" snackbar stays. */
const SNACKBAR_MS = 5000;

/**
 * Whether the snackbar shows an answer: the newest one, until its five seconds are up. Each added
 * answer also dispatches `cartChanged` (cartGuid, quantity) on window for the header and anything
 * else listening.
 */
function useSnackbarShown(result: CartAddResult | undefined): boolean {
  const [expired, setExpired] = useState<CartAddResult>();
  useEffect(() => {
    if (!result?.cartGuid || result.cartQuantity === undefined) return;
    window.dispatchEvent(new CustomEvent("cartChanged", { detail: { cartGuid: result.cartGuid, quantity: result.cartQuantity } }));
    const hide = setTimeout(() => setExpired(result), SNACKBAR_MS);
    return () => clearTimeout(hide);
  }, [result]);
  return !!result?.cartGuid && expired !== result;
}

function Snackbar({
  result,
  shown,
  lang,
  className = "snackbar",
  id,
}: {
  result: CartAddResult | undefined;
  shown: boolean;
  lang: Lang;
  className?: string;
  id?: string;
}) {
  const { t } = useShop();
  return (
    <p id={id} className={className} role="status" aria-live="polite" hidden={!shown && !result?.cartError}>
      {result?.cartError ? (
        cartErrorText(t, result.cartError, result.limit)
      ) : shown ? (
        <>
          {t.addedToCart} <a href={localePath(lang, "/cart")}>{t.viewCart}</a>
        </>
      ) : null}
    </p>
  );
}

/** Where an add without JavaScript comes back to: this page, without the previous add's banner. */
export function useReturnTo(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const outcome of ["added", "cartError", "cartErrorLimit"]) params.delete(outcome);
  return `${location.pathname}${params.size ? `?${params}` : ""}`;
}

type CartAddAction = "/cart/add" | "/cart/add-bundle";

/**
 * Add to cart: a plain POST to /cart/add that comes back to this page with a banner. With
 * JavaScript it posts in place and shows a snackbar for five seconds.
 */
export function AddToCartForm({
  productCode,
  lang,
  withQuantity = true,
  compact = false,
  action = "/cart/add",
  maxQuantity = 10,
  children,
}: {
  productCode: string;
  lang: Lang;
  withQuantity?: boolean;
  compact?: boolean;
  /** /cart/add-bundle adds a bundle's components instead of the bundle as one line. */
  action?: CartAddAction;
  /** The most the quantity picker offers (fewer when the stock is low). */
  maxQuantity?: number;
  /** Fields of the form before the quantity (the product page's purchase choice). */
  children?: ReactNode;
}) {
  const t = useMessages();
  const fetcher = useFetcher<CartAddResult>();
  const hydrated = useHydrated();
  const shown = useSnackbarShown(fetcher.data);
  const returnTo = useReturnTo();
  const id = `qty-${productCode}`;
  const quantityRefused = fetcher.data?.cartError?.startsWith("quantity") ? true : undefined;
  return (
    <fetcher.Form method="post" action={action} className={`add-to-cart${compact ? " add-to-cart--compact" : ""}`}>
      <input type="hidden" name="productCode" value={productCode} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
      {children}
      {withQuantity ? (
        <>
          <label htmlFor={id}>{t.quantity}</label>
          <select id={id} name="qty" defaultValue="1" aria-invalid={quantityRefused} aria-describedby={quantityRefused ? `${id}-status` : undefined}>
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
      <Snackbar id={`${id}-status`} result={fetcher.data} shown={shown} lang={lang} />
    </fetcher.Form>
  );
}

/**
 * A product tile's add to cart: a button of its grid's one add form (useTileCartAdds) that names
 * its product, so the same POST as AddToCartForm's. A listing has a couple of dozen tiles: a form
 * and two hidden fields for each were about a tenth of a category page's elements.
 */
export function TileAddToCart({
  productCode,
  action,
  formId,
  busy,
  label,
}: {
  productCode: string;
  action: CartAddAction;
  formId: string;
  busy: boolean;
  label: string;
}) {
  return (
    <button
      type="submit"
      form={formId}
      name="productCode"
      value={productCode}
      formAction={action === "/cart/add" ? undefined : action}
      className="button product-card__add"
      disabled={busy}
    >
      {label}
    </button>
  );
}

/**
 * The form a grid's tile buttons belong to (by its id: it cannot wrap the tiles, which hold the
 * quick-shop dialogs' own forms). With JavaScript its adds post in place through one fetcher and
 * the answer shows in one snackbar; `pendingCode` is the product being added (its button waits).
 */
export function useTileCartAdds(lang: Lang): { formId: string; form: ReactNode; pendingCode: string | undefined; snackbar: ReactNode } {
  const formId = useId();
  const returnTo = useReturnTo();
  const fetcher = useFetcher<CartAddResult>();
  const shown = useSnackbarShown(fetcher.data);
  const { submit } = fetcher;
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const button = (event.nativeEvent as SubmitEvent).submitter;
      if (!(button instanceof HTMLButtonElement) || !button.value) return;
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      data.set("productCode", button.value);
      data.set("inline", "1");
      submit(data, { method: "post", action: button.getAttribute("formaction") ?? event.currentTarget.getAttribute("action") ?? "/cart/add" });
    },
    [submit],
  );
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("productCode") : undefined;
  return {
    formId,
    form: (
      <form id={formId} method="post" action="/cart/add" hidden onSubmit={onSubmit}>
        <input type="hidden" name="returnTo" value={returnTo} />
      </form>
    ),
    pendingCode: typeof pending === "string" ? pending : undefined,
    snackbar: <Snackbar result={fetcher.data} shown={shown} lang={lang} className="snackbar snackbar--page" />,
  };
}
