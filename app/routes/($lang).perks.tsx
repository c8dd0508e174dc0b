import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { format } from "../brands/locale";
import { perksMessages } from "../brands/perks-messages";
import { FormMessage, Notice } from "../components/FormFields";
import { shopperOf } from "../lib/account-forms.server";
import { clientContext } from "../lib/api-client.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { perksProgram, perksRefusal, rememberPerksMember } from "../lib/perks.server";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { getLoyaltyPoints, joinPerks } from "../models/loyalty.server";

/** The consumer stores' perks page: how perks works, and joining (signed in) or the way to an account. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const api = clientContext(context);
  const program = await orFailedPage(perksProgram(api));
  if (!program.enabled) notFoundPage();
  const shopper = shopperOf(context);
  const signedIn = shopper.userPathId !== "anonymous";
  const points = signedIn ? await orFailedPage(getLoyaltyPoints(api)) : null;
  return {
    pointsPerDollar: program.pointsPerDollar,
    optInEnabled: program.optInEnabled,
    signedIn,
    member: points?.perksOptIn ?? false,
    balance: points?.balance ?? 0,
    joined: new URL(request.url).searchParams.get("joined") === "1",
  };
}

export async function action({ params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = shopperOf(context);
  const here = localePath(context.lang, "/perks");
  if (shopper.userPathId === "anonymous") return redirect(`${localePath(context.lang, "/login")}?returnTo=${encodeURIComponent(here)}`, 303);
  try {
    await joinPerks(clientContext(context));
  } catch (err) {
    return perksRefusal(context, {}, err);
  }
  // An agent's join is the customer's, not the agent's own pages'.
  if (!shopper.actingFor) await rememberPerksMember(context, true);
  return redirect(`${here}?joined=1`, 303);
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: perksMessages(lang, brand?.id).perksTitle }];
};

export default function PerksPage() {
  const { pointsPerDollar, optInEnabled, signedIn, member, balance, joined } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = perksMessages(lang, brand.id);
  return (
    <div className="perks-page">
      <h1>{t.perksTitle}</h1>
      {joined ? <Notice>{t.joined}</Notice> : null}
      <FormMessage state={problem} />
      <p>{t.perksIntro}</p>
      <h2>{t.howItWorks}</h2>
      <ol className="perks-steps">
        <li>{t.stepJoin}</li>
        <li>{format(t.stepEarn, { points: pointsPerDollar })}</li>
        <li>{t.stepSpend}</li>
      </ol>
      {member ? (
        <p className="perks-page__member">
          {t.alreadyMember} <Link to={localePath(lang, "/account/perks")}>{format(t.balance, { points: balance })}</Link>
        </p>
      ) : signedIn ? (
        optInEnabled ? (
          <Form method="post">
            <button type="submit" className="button button--primary">
              {t.joinButton}
            </button>
          </Form>
        ) : null
      ) : (
        <p>
          {t.signInToJoin} <Link to={localePath(lang, "/signup")}>{t.createAccount}</Link> ·{" "}
          <Link to={`${localePath(lang, "/login")}?returnTo=${encodeURIComponent(localePath(lang, "/perks"))}`}>{t.signIn}</Link>
        </p>
      )}
    </div>
  );
}
