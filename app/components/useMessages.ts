import { useRouteLoaderData } from "react-router";
import { ERROR_PAGE_FALLBACK, type ErrorPageMessages } from "../brands/error-page-messages";
import type { Messages } from "../brands/messages";
import { type Shop, useShop } from "../lib/shop";

/**
 * The shop's phrases for this page, in its language (and for English, the brand's spelling), as
 * the root loader sent them.
 */
export function useMessages(): Messages {
  return useShop().t;
}

/** The error page's phrases: the page's own, or US English when the root loader's data is missing. */
export function useErrorPageMessages(): ErrorPageMessages {
  const root = useRouteLoaderData("root") as Shop | undefined;
  return root?.t ?? ERROR_PAGE_FALLBACK;
}
