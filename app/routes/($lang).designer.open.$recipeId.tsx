import { type LoaderFunctionArgs, redirect } from "react-router";
import { requireAccountHolder } from "../lib/account-guard.server";
import { clientContext } from "../lib/api-client.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { openDesign } from "../models/designs.server";
import { RECIPE_COOKIE, recipeIdOf } from "../lib/design-forms.server";

/**
 * /designer/open/{recipeId} (decision 073): openDesignSpectrum checks the design is the member's,
 * the `recipeId` cookie remembers it, and the designer shows it. A link, so it works without
 * JavaScript; it changes nothing but the cookie.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = requireAccountHolder(request, context);
  const recipeId = recipeIdOf(params.recipeId);
  if (recipeId === undefined) notFoundPage();
  const design = await orFailedPage(openDesign(clientContext(context), recipeId));
  shopper.setCookie(RECIPE_COOKIE, String(design.recipeId));
  return redirect(localePath(context.lang, "/designer"), 303);
}
