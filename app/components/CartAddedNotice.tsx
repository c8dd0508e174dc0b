import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { Lang } from "../../commerce/contract/common";
import { quickShopMessages } from "../brands/quick-shop-messages";
import { localePath } from "../lib/paths";
import type { ShopData } from "../lib/shop";
import { useMessages } from "./useMessages";

/**
 * The banner a page shows when an add to cart without JavaScript brought the shopper back: "added"
 * when one of `codes` (or, without codes, anything) was added; with `errors`, why an add failed.
 */
export function CartAddedNotice({ lang, codes, errors = false }: { lang: Lang; codes?: readonly (string | undefined)[]; errors?: boolean }) {
  const t = useMessages(lang);
  const root = useRouteLoaderData("root") as ShopData | undefined;
  const q = quickShopMessages(lang, root?.brand.id);
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
    return (
      <p className="form-error" role="alert">
        {failed === "InsufficientStockError" ? q.stockError : q.cartError}
      </p>
    );
  }
  return null;
}
