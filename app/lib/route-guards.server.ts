import type { AppLoadContext, LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import type { Params } from "react-router";
import type { Lang } from "../../commerce/contract/common";
import { type ApiClientContext, clientContext } from "./api-client.server";
import { notFoundPage } from "./page-errors.server";
import { localePath } from "./paths";
import { CategoryCodeSchema, ProductCodeParamSchema } from "./schemas.server";

/**
 * Routes named `($lang).…` also match `/xx/…`. Only `fr`, on a French-speaking brand, is a real
 * language segment; anything else is a page that does not exist.
 */
export function requireLangSegment(params: Params, context: AppLoadContext): void {
  if (params.lang === undefined) return;
  if (params.lang !== "fr" || context.lang !== "fr") notFoundPage();
}

/**
 * Where a page loader starts: the language segment checked, then the API as this shopper sees it
 * (brand, language, correlation id).
 */
export function pageApi({ params, context }: Pick<LoaderFunctionArgs, "params" | "context">): ApiClientContext {
  requireLangSegment(params, context);
  return clientContext(context);
}

/**
 * A category code from the URL. Codes are lower case: `/c/Coffee` answers 301 to `/c/coffee`;
 * anything else the catalog could never hold is a page that does not exist (not a failed API call).
 */
export function categoryCodeOrNotFound(raw: string | undefined, url: URL, lang: Lang): string {
  const code = raw ?? "";
  if (CategoryCodeSchema.safeParse(code).success) return code;
  if (CategoryCodeSchema.safeParse(code.toLowerCase()).success) throw redirect(`${localePath(lang, `/c/${code.toLowerCase()}`)}${url.search}`, 301);
  notFoundPage();
}

/** A product code from the URL; one the catalog could never hold is a page that does not exist. */
export function productCodeOrNotFound(raw: string | undefined): string {
  const checked = ProductCodeParamSchema.safeParse(raw ?? "");
  if (!checked.success) notFoundPage();
  return checked.data;
}
