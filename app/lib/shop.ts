import { useRouteLoaderData } from "@remix-run/react";
import type { Lang } from "../../commerce/contract/common";
import type { PublicBrand } from "../brands/brands";
import { type Messages, messages } from "../brands/messages";

/**
 * Which store and language a page is in. The root loader sends it with every document, so pages
 * read it from there instead of loading it again: no extra loader runs for it.
 */
export interface ShopData {
  brand: PublicBrand;
  lang: Lang;
}

export interface Shop extends ShopData {
  /** The phrases of this page's language. */
  t: Messages;
}

function shopFrom(data: ShopData): Shop {
  return { brand: data.brand, lang: data.lang, t: messages(data.lang, data.brand.id) };
}

/**
 * The brand, language and phrases of the page being rendered. Route components render only when
 * the root loader succeeded, so its data is always there for them.
 */
export function useShop(): Shop {
  const root = useRouteLoaderData("root") as ShopData | undefined;
  if (!root) throw new Error("useShop() needs the root loader's data");
  return shopFrom(root);
}

/**
 * The same for a route's meta function, from its matches. Meta functions also run for error pages,
 * where the root loader may have failed: the brand is then unknown and the language English.
 */
export function shopMeta(matches: readonly { id: string; data: unknown }[]): Omit<Shop, "brand"> & { brand: PublicBrand | undefined } {
  const root = matches.find((m) => m.id === "root")?.data as ShopData | undefined;
  return root ? shopFrom(root) : { brand: undefined, lang: "en", t: messages("en") };
}

/** What a route module's `handle` may say about the page around it. */
export interface PageHandle {
  /** The checkout's own header (logo, secure checkout, help number) instead of the store's. */
  checkoutHeader?: boolean;
}
