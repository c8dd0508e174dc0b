import { useRouteLoaderData } from "@remix-run/react";
import type { Lang } from "../../commerce/contract/common";
import { type Messages, messages } from "../brands/messages";
import type { ShopData } from "../lib/shop";

/**
 * The phrases for this page: the language comes from the page, the English variant from the
 * brand the root loader resolved (US spelling unless the store is Canadian). Without root data,
 * only when the root loader itself failed, US English.
 */
export function useMessages(lang: Lang): Messages {
  const root = useRouteLoaderData("root") as ShopData | undefined;
  return messages(lang, root?.brand.id);
}
