import { useLocation } from "react-router";
import type { Lang } from "../../commerce/contract/common";
import { format } from "../brands/locale";
import type { Messages } from "../brands/messages";
import { localePath } from "../lib/paths";
import { useShop } from "../lib/shop";

/** Refusals of the add form's own fields, worded by the page: the quantity, and a subscription's pods at home and frequency. */
const FIELD_PROBLEMS = new Set(["quantityTooLarge", "quantityTooSmall", "quantityNotWhole", "podsAtHomeTooLarge", "podsAtHomeNotWhole", "frequencyInvalid"]);

/** Why an add to cart failed, in the page's language (`t` is the page's phrases): a refused quantity, pods at home or frequency with its limit, too little stock, or anything else. */
export function cartErrorText(t: Messages, cartError: string, limit: number | undefined): string {
  if (FIELD_PROBLEMS.has(cartError)) return format(t[cartError as "quantityTooLarge"], { limit: limit ?? "" });
  return cartError === "InsufficientStockError" ? t.addToCartNoStock : t.addToCartFailed;
}

/**
 * The banner a page shows when an add to cart without JavaScript brought the shopper back: "added"
 * when one of `codes` (or, without codes, anything) was added; with `errors`, why an add failed.
 */
export function CartAddedNotice({ lang, codes, errors = false }: { lang: Lang; codes?: readonly (string | undefined)[]; errors?: boolean }) {
  const { t } = useShop();
  const params = new URLSearchParams(useLocation().search);
  const added = params.get("added");
  const failed = params.get("cartError");
  if (added && (!codes || codes.includes(added))) {
    return (
      <p className="notice" role="status">
        {t.addedToCart} <a href={localePath(lang, "/cart")}>{t.viewCart}</a>
      </p>
    );
  }
  if (errors && failed) {
    const limit = Number(params.get("cartErrorLimit"));
    return (
      <p className="form-error" role="alert">
        {cartErrorText(t, failed, Number.isInteger(limit) && limit > 0 && limit < 10_000 ? limit : undefined)}
      </p>
    );
  }
  return null;
}
