import { redirect } from "react-router";
import { z } from "zod";
import { type AddCampaignBundleRequest, AddCampaignBundleRequestSchema, type CampaignRefusal, type CartEstimation } from "../../commerce/contract/campaigns";
import { FrequencyWeeksSchema } from "../../commerce/contract/frequency";
import { ProductCodeParamSchema } from "../../commerce/contract/product";
import { campaignMessages, refusalText } from "../brands/campaign-messages";
import { format } from "../brands/locale";
import {
  addCampaignBundle,
  type CampaignBoxChoice,
  getCampaignBoxChoices,
  getCampaignBrewers,
  getCartEstimation,
  getUserCampaignInfo,
} from "../models/campaigns.server";
import { shopperOf } from "./account-forms.server";
import { ApiError, clientContext } from "./api-client.server";
import type { StorefrontContext } from "./context";
import { CAMPAIGN_PAGES, campaignPageBySlug, campaignPagePath } from "./campaign-pages";
import { readFormFields } from "./form-body.server";
import { formAnswer } from "./form-validation.server";
import { notFoundPage, orFailedPage } from "./page-errors.server";
import { localePath } from "./paths";

/*
 * The brewer offers' pages (decision 066): what their loaders and action do on the server, in one
 * module (decision 058, as amended by 059).
 */
export { data } from "react-router";
export { redirect };
export { requireLangSegment } from "./route-guards.server";
export { formPageHeaders } from "./form-validation.server";

/** The offers the store runs now, each with its brewers' lowest offer price: one getBrewers per known campaign (another store's answers 404). */
export async function offersList(context: StorefrontContext) {
  const api = clientContext(context);
  const found = await orFailedPage(Promise.all(CAMPAIGN_PAGES.map(async (page) => ({ page, answer: await getCampaignBrewers(api, page.campaignId) }))));
  const offers = found.flatMap(({ page, answer }) => {
    if (!answer || !answer.campaign.running || answer.brewers.length === 0) return [];
    const lowest = answer.brewers.map((b) => b.campaignPriceData).reduce((a, b) => (b.minor < a.minor ? b : a));
    return [
      {
        href: localePath(context.lang, campaignPagePath(page.slug)),
        name: answer.campaign.name,
        commitmentText: answer.campaign.commitmentText,
        brewerCount: answer.brewers.length,
        lowestPrice: lowest.minor === 0 ? null : lowest.formattedValue,
      },
    ];
  });
  return { offers, texts: campaignMessages(context.lang, context.brand.id) };
}

/** The page's choice, from its GET form: every field optional (the page picks the first of each), each checked. */
const ChoiceSchema = z.object({
  brewerCode: ProductCodeParamSchema.optional().catch(undefined),
  boxCode: ProductCodeParamSchema.optional().catch(undefined),
  boxQty: z.coerce.number().int().min(1).max(24).optional().catch(undefined),
  frequencyWeeks: FrequencyWeeksSchema.optional().catch(undefined),
});

export interface BrewerChoice {
  code: string;
  name: string;
  regularPrice: string;
  offerPrice: string;
  free: boolean;
  url: string;
}

export interface Eligibility {
  eligible: boolean;
  reasons: { code: CampaignRefusal; text: string }[];
  activeCommitment: { made: number; required: number } | null;
}

function campaignPage(slug: string | undefined) {
  const page = campaignPageBySlug(slug);
  if (!page) notFoundPage();
  return page;
}

/**
 * One offer's page: the campaign and its brewers, the boxes to choose from, what the choice costs
 * (the shopper's choice from the GET form, else the first brewer and box: the rule is said before
 * anything is chosen) and, for a customer, whether they may take it and why not.
 */
export async function offerPage(context: StorefrontContext, slug: string | undefined, search: URLSearchParams) {
  const page = campaignPage(slug);
  const api = clientContext(context);
  const shopper = shopperOf(context);
  const signedIn = shopper.userPathId !== "anonymous";
  const [answer, boxes, info] = await orFailedPage(
    Promise.all([
      getCampaignBrewers(api, page.campaignId),
      getCampaignBoxChoices(api),
      signedIn ? getUserCampaignInfo(api, page.campaignId).catch(notFoundOnly) : Promise.resolve(null),
    ]),
  );
  if (!answer || answer.brewers.length === 0) notFoundPage();
  const t = campaignMessages(context.lang, context.brand.id);
  const brewers: BrewerChoice[] = answer.brewers.flatMap((b) =>
    (b.variantOptions.length > 0 ? b.variantOptions : [{ ...b, packLabel: "", variantPrice: { listPrice: b.originalPriceData ?? b.price } }]).map((v) => {
      const offer = v.campaignPriceData ?? b.campaignPriceData;
      return {
        code: v.code,
        name: v.packLabel ? `${b.name}, ${v.packLabel}` : b.name,
        regularPrice: v.variantPrice.listPrice.formattedValue,
        offerPrice: offer.minor === 0 ? t.free : offer.formattedValue,
        free: offer.minor === 0,
        url: localePath(context.lang, v.url),
      };
    }),
  );
  const choice = ChoiceSchema.parse(Object.fromEntries(search));
  const chosen = {
    brewerCode: brewers.some((b) => b.code === choice.brewerCode) ? choice.brewerCode! : brewers[0]!.code,
    boxCode: choice.boxCode ?? boxes[0]?.code,
    boxQty: choice.boxQty,
    frequencyWeeks: choice.frequencyWeeks,
  };
  const estimate = chosen.boxCode ? await estimateOf(context, page.campaignId, { ...chosen, boxCode: chosen.boxCode }) : null;
  const own = info?.campaigns.find((c) => c.campaign.campaignId === page.campaignId);
  const eligibility: Eligibility | null = own
    ? {
        eligible: own.eligible,
        reasons: own.reasons.map((r) => ({ code: r.code, text: refusalText(t, r.code) })),
        activeCommitment: own.activeCommitment ? { made: own.activeCommitment.deliveriesMade, required: own.activeCommitment.deliveriesRequired } : null,
      }
    : null;
  const here = localePath(context.lang, campaignPagePath(page.slug));
  return {
    campaign: answer.campaign,
    brewers,
    boxes: withChosenBox(boxes, chosen.boxCode, estimate),
    chosen,
    estimate,
    eligibility,
    signedIn,
    here,
    signInHref: `${localePath(context.lang, "/login")}?returnTo=${encodeURIComponent(here)}`,
    texts: t,
  };
}

/** A customer the service does not know any more is the sign-in's business, not this page's: the page shows no eligibility. */
function notFoundOnly(err: unknown): null {
  if (err instanceof ApiError && err.status === 404) return null;
  throw err;
}

type Estimate = { ok: true; value: CartEstimation } | { ok: false; problem: string };

/** The estimate, or the service's reason it refuses this choice (a box too small, not pods, not for auto-delivery). */
async function estimateOf(
  context: StorefrontContext,
  campaignId: number,
  q: { brewerCode: string; boxCode: string; boxQty?: number; frequencyWeeks?: number },
): Promise<Estimate> {
  try {
    return { ok: true, value: await getCartEstimation(clientContext(context), { campaignId, ...q }) };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
    const t = campaignMessages(context.lang, context.brand.id);
    return { ok: false, problem: format(t.cannotEstimate, { reason: err.errors[0]?.message ?? err.message }) };
  }
}

/** A box chosen by code that the listing does not hold (another page's link) stays choosable, named as the estimate names it. */
function withChosenBox(boxes: CampaignBoxChoice[], code: string | undefined, estimate: Estimate | null): CampaignBoxChoice[] {
  if (!code || boxes.some((b) => b.code === code)) return boxes;
  const name = estimate?.ok ? estimate.value.box.name : code;
  return [{ code, name }, ...boxes];
}

/**
 * "Add the brewer and first box": a guest goes to sign in and comes back; a customer's bundle
 * goes into their cart and they go to it (303). A refusal (the household's free brewer, a box too
 * small) is the form's answer, in the service's words.
 */
export async function addOfferToCart(request: Request, context: StorefrontContext, slug: string | undefined) {
  const page = campaignPage(slug);
  const shopper = shopperOf(context);
  const here = localePath(context.lang, campaignPagePath(page.slug));
  if (shopper.userPathId === "anonymous") return redirect(`${localePath(context.lang, "/login")}?returnTo=${encodeURIComponent(here)}`, 303);
  const form = await readFormFields(request);
  const t = campaignMessages(context.lang, context.brand.id);
  const parsed = AddCampaignBundleRequestSchema.safeParse({ ...form, campaignId: page.campaignId });
  if (!parsed.success)
    return formAnswer(form, { error: format(t.addProblem, { reason: parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ") }) });
  let added;
  try {
    added = await addCampaignBundle(clientContext(context), parsed.data satisfies AddCampaignBundleRequest);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
    return formAnswer(form, { error: format(t.addProblem, { reason: err.errors[0]?.message ?? err.message }) }, err.status);
  }
  await shopper.rememberCart(undefined, added.cart.totalUnitCount);
  return redirect(`${localePath(context.lang, "/cart")}?offer=${added.replaced ? "replaced" : "added"}`, 303);
}
