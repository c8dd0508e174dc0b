import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { EmailSchema } from "../../commerce/contract/auth";
import { formatDate, formatLocale, formatPercent } from "../../lib/format";
import { format } from "../brands/locale";
import { referralMessages } from "../brands/referral-messages";
import { AccountForm, Field, FormMessage, Notice, SubmitButton } from "../components/FormFields";
import { ApiError, clientContext } from "../lib/api-client.server";
import { apiProblem } from "../lib/account-forms.server";
import { requireAccountHolder } from "../lib/account-guard.server";
import { limiter } from "../lib/email-form.server";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formAnswer, formPageHeaders } from "../lib/form-validation.server";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { referrals, submitReferral } from "../models/referrals.server";

const ReferFormSchema = z.object({ email: EmailSchema });

/** Invitations one shopper address may send in ten minutes, on top of the service's own limit per member. */
const REFERRAL_FORM_LIMIT = { name: "referral-form-client", points: 20, windowSeconds: 600 };

/** /account/referrals (decision 074): the form to invite a friend, and the member's invitations with their state. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const list = await orFailedPage(referrals(clientContext(context)));
  return { ...list, sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const form = await readFormFields(request);
  const t = referralMessages(context.lang, context.brand.id);
  const checked = checkForm(context, ReferFormSchema, form);
  if ("answer" in checked) return checked.answer;
  const verdict = await limiter().hit(REFERRAL_FORM_LIMIT, context.clientAddress ?? "unknown");
  const tooMany = (seconds: number) =>
    formAnswer(form, { error: format(t.tooMany, { minutes: Math.ceil(seconds / 60) }) }, 429, { "Retry-After": String(seconds) });
  if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);
  try {
    await submitReferral(clientContext(context), checked.data.email);
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) return tooMany(err.retryAfterSeconds ?? 60);
    if (err instanceof ApiError && err.errors[0]?.reason === "self") return formAnswer(form, { error: t.self, fields: { email: t.self } });
    return apiProblem(context, err, form);
  }
  return redirect(`${localePath(context.lang, "/account/referrals")}?sent=1`, 303);
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: referralMessages(lang, brand?.id).heading }, { name: "robots", content: "noindex" }];
};

export default function AccountReferralsPage() {
  const { referrals: list, pointsPerFriend, friendPercentOff, earnsPoints, sent } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = referralMessages(lang, brand.id);
  const locale = formatLocale(lang, brand.currency);
  const percent = formatPercent(friendPercentOff, locale);
  const points = pointsPerFriend.toLocaleString(locale);
  return (
    <section aria-labelledby="referrals-heading" className="referrals">
      <h2 id="referrals-heading">{t.heading}</h2>
      <p>{earnsPoints ? format(t.intro, { percent, points }) : format(t.introNoPoints, { percent })}</p>
      {!earnsPoints && pointsPerFriend > 0 ? <p>{format(t.joinPerks, { points })}</p> : null}
      {sent && !answer ? <Notice>{t.sent}</Notice> : null}
      <FormMessage state={answer ?? undefined} />
      <AccountForm intent="refer">
        <Field
          name="email"
          label={t.friendEmail}
          hint={t.friendEmailHint}
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          state={answer ?? undefined}
        />
        <SubmitButton>{t.send}</SubmitButton>
      </AccountForm>
      <h3>{t.listHeading}</h3>
      {list.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <table className="referral-list">
          <thead>
            <tr>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.sentOn}</th>
              <th scope="col">{t.state}</th>
              <th scope="col">{t.points}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.email}>
                <td>{r.email}</td>
                <td>{formatDate(r.sentOn, locale)}</td>
                <td>{t.states[r.state]}</td>
                <td>{r.pointsAwarded > 0 ? r.pointsAwarded.toLocaleString(locale) : t.noPoints}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
