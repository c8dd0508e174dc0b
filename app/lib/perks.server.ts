import { getLayoutContent } from "../models/cms.server";
import { format } from "../brands/locale";
import { perksMessages, rewardProblem } from "../brands/perks-messages";
import { type ApiClientContext, ApiError } from "./api-client.server";
import type { StorefrontContext } from "./context";
import { apiProblemText, formAnswer, formText } from "./form-validation.server";
import type { PerksOnPage } from "./perks";

/** The cookie that tells pages a customer is a perks member (functional: c9), as the service set it at sign-in. */
export const PERKS_MEMBER_COOKIE = "isPerksOptIn";
/** A guest who joined perks at checkout: the confirmation page asks them to make their account to collect the points. */
export const PERKS_WALK_UP_COOKIE = "perksWalkUpUser";

/** The store's perks from its site configuration; off where the configuration says so (the commercial store). */
export function perksFromSiteConfig(siteConfig: Record<string, string>): { enabled: boolean; optInEnabled: boolean; pointsPerDollar: number } {
  const points = Number(siteConfig["loyalty.basePoints"] ?? 0);
  return {
    enabled: siteConfig["loyalty.enabled"] === "true",
    optInEnabled: siteConfig["loyalty.perksOptIn.enabled"] === "true",
    pointsPerDollar: Number.isInteger(points) && points > 0 ? points : 0,
  };
}

export async function perksProgram(api: ApiClientContext) {
  return perksFromSiteConfig((await getLayoutContent(api)).siteConfig);
}

/** What every page may show of perks: whether the store has them and whether this shopper is a member (the functional cookie). */
export function perksOnPage(context: StorefrontContext, siteConfig: Record<string, string>): PerksOnPage {
  const program = perksFromSiteConfig(siteConfig);
  const member = program.enabled && context.shopper?.cookie(PERKS_MEMBER_COOKIE) === "true";
  return { enabled: program.enabled, optInEnabled: program.optInEnabled, pointsPerDollar: program.pointsPerDollar, member };
}

/** After joining or leaving: the pages follow at once (the cookie needs functional consent, as at sign-in; the header's state does not). */
export async function rememberPerksMember(context: StorefrontContext, member: boolean): Promise<void> {
  const shopper = context.shopper;
  shopper?.setCookie(PERKS_MEMBER_COOKIE, String(member));
  const kept = shopper?.customerDetails;
  if (kept) await shopper.rememberCustomerDetails({ ...kept, perksOptIn: member });
}

/**
 * A perks call the service refused (4xx), as the form's answer in the shopper's words; anything
 * else (an outage, a bug) is thrown on to the error page.
 */
export function perksRefusal(context: StorefrontContext, form: Record<string, unknown>, err: unknown) {
  if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
  const t = perksMessages(context.lang, context.brand.id);
  const otherwise = format(t.problem, { reason: apiProblemText(formText(context, form), err.errors[0], form) });
  return formAnswer(form, { error: rewardProblem(t, err.errors[0]?.reason, otherwise) }, err.status);
}
