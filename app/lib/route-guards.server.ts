import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { notFoundPage } from "./page-errors.server";

/**
 * Routes named `($lang).…` also match `/xx/…`. Only `fr`, on a French-speaking brand, is a real
 * language segment; anything else is a page that does not exist.
 */
export function requireLangSegment(params: Params, context: AppLoadContext): void {
  if (params.lang === undefined) return;
  if (params.lang !== "fr" || context.lang !== "fr") notFoundPage();
}
