import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { FRIEND_PERCENT_OFF } from "../../commerce/contract/referral-offer";
import { formatLocale, formatPercent } from "../../lib/format";
import { format } from "../brands/locale";
import { referralMessages } from "../brands/referral-messages";
import { AccountForm, FormMessage, SubmitButton } from "../components/FormFields";
import { ApiError, clientContext } from "../lib/api-client.server";
import { shopperOf, tokenFromLink } from "../lib/account-forms.server";
import { CookieJar } from "../lib/cookies.server";
import { outcomeToSearch } from "../lib/coupon-outcome";
import { limiter } from "../lib/email-form.server";
import { readFormFields } from "../lib/form-body.server";
import { ClaimFormSchema, REFERRAL_LINK_LIMIT } from "../lib/referral-forms.server";
import { formAnswer, formPageHeaders } from "../lib/form-validation.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { changeCoupon } from "../models/coupon.server";
import { claimReferral } from "../models/referrals.server";

/**
 * The friend's mailed link, /referral?token= (French under /fr/, decision 074): GET shows the
 * offer and a button, so mail scanners that open links take nothing; POST takes the coupon and
 * puts it on the shopper's cart as the cart's coupon form does, then shows the cart.
 */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return tokenFromLink(request);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const form = await readFormFields(request);
  const t = referralMessages(context.lang, context.brand.id);
  const parsed = ClaimFormSchema.safeParse(form);
  if (!parsed.success) return formAnswer(form, { error: t.invalidLink }, 400);
  const verdict = await limiter().hit(REFERRAL_LINK_LIMIT, context.clientAddress ?? "unknown");
  if (!verdict.allowed) return formAnswer(form, { error: t.linkTooMany }, 429, { "Retry-After": String(verdict.retryAfterSeconds) });
  const api = clientContext(context);
  let code: string;
  try {
    code = (await claimReferral(api, parsed.data.token)).code;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return formAnswer(form, { error: t.invalidLink }, 404);
    if (err instanceof ApiError && err.status === 429)
      return formAnswer(form, { error: t.linkTooMany }, 429, { "Retry-After": String(err.retryAfterSeconds ?? 60) });
    if (err instanceof ApiError) return formAnswer(form, { error: t.linkFailed }, 503);
    throw err;
  }
  const jar = new CookieJar(request.headers.get("cookie"), context.privacyCookiesEnabled);
  const outcome = await changeCoupon(api, shopperOf(context), jar, "apply", code);
  const headers = jar.appendTo(new Headers({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" }));
  headers.set("Location", `${localePath(context.lang, "/cart")}?${outcomeToSearch(outcome)}`);
  return new Response(null, { status: 303, headers });
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: referralMessages(lang, brand?.id).inviteTitle }, { name: "robots", content: "noindex" }];
};

export default function ReferralLinkPage() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = referralMessages(lang, brand.id);
  const percent = formatPercent(FRIEND_PERCENT_OFF, formatLocale(lang, brand.currency));
  return (
    <div className="narrow-page account-page">
      <h1>{t.inviteTitle}</h1>
      {token ? (
        <>
          <p>{format(t.inviteIntro, { percent })}</p>
          <FormMessage state={answer ?? undefined} />
          <AccountForm action={`${localePath(lang, "/referral")}?token=${encodeURIComponent(token)}`}>
            <input type="hidden" name="token" value={token} />
            <SubmitButton>{t.takeCoupon}</SubmitButton>
          </AccountForm>
        </>
      ) : (
        <p role="alert">{t.invalidLink}</p>
      )}
    </div>
  );
}
