import { useRouteLoaderData } from "react-router";
import type { Lang } from "../../commerce/contract/common";
import type { PublicBrand } from "../brands/brands";
import type { Messages } from "../brands/messages";

/**
 * Which store and language a page is in, and the shop's phrases in that language only. The root
 * loader sends them with every document (app/lib/page-texts.server.ts picks the phrases), so pages
 * read them from there: no extra loader runs for them, and no script carries every language's.
 */
export interface Shop {
  brand: PublicBrand;
  lang: Lang;
  /** The phrases of this page's language. */
  t: Messages;
}

/**
 * The brand, language and phrases of the page being rendered. Route components render only when
 * the root loader succeeded, so its data is always there for them.
 */
export function useShop(): Shop {
  const root = useRouteLoaderData("root") as Shop | undefined;
  if (!root) throw new Error("useShop() needs the root loader's data");
  return root;
}

/**
 * The same for a route's meta function, from its matches. React Router calls the meta functions of the
 * routes down to the one whose error boundary shows, and only the root has one: a route's meta
 * runs only when the root loader succeeded (the root's own meta reads its data itself).
 */
export function shopMeta(matches: readonly { id: string; data: unknown }[]): Shop {
  const root = matches.find((m) => m.id === "root")?.data as Shop | undefined;
  if (!root) throw new Error("shopMeta() needs the root loader's data");
  return root;
}

/** What a route module's `handle` may say about the page around it. */
export interface PageHandle {
  /** The checkout's own header (logo, secure checkout, help number) instead of the store's. */
  checkoutHeader?: boolean;
}
