import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { format } from "../brands/locale";
import { MonthlyBoxPicker } from "../components/MonthlyBoxPicker";
import { localePath } from "../lib/paths";
import { useShop } from "../lib/shop";
import {
  addMonthlyBoxSubscription,
  ApiError,
  clientContext,
  data,
  listSubscriptions,
  loadSelection,
  monthAfter,
  monthlyBoxMessages,
  monthlyDetails,
  monthName,
  orFailedPage,
  pickAddress,
  productSelect,
  readForm,
  readPick,
  redirect,
  requireLangSegment,
  shopperOf,
} from "../lib/monthly-box-page.server";

const PAGE = "/monthly-box";
const PROBLEMS = ["incomplete", "refused"] as const;

/**
 * The monthly fixed-price box (decision 062, page decision 068): what the box is, this month's and
 * next month's selection by category and collection, search, and the pick, kept in the address
 * so it survives every move without JavaScript. Not on the commercial store (the service's 404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const url = new URL(request.url);
  const { state, dropped, fromForm } = readPick(url.searchParams);
  if (fromForm) throw redirect(pickAddress(url.pathname, state, dropped ? { dropped: "1" } : {}));
  const api = clientContext(context);
  const details = await orFailedPage(monthlyDetails(api));
  const months = [details.month, monthAfter(details.month)];
  const month = state.month && months.includes(state.month) ? state.month : details.month;
  const signedIn = shopperOf(context).userPathId !== "anonymous";
  const [selection, subscriptions] = await Promise.all([
    orFailedPage(loadSelection(api, state, month)),
    // Whether a customer already has a box is a courtesy: the page stands without it.
    signedIn ? listSubscriptions(api).catch(() => null) : null,
  ]);
  const hasBox = subscriptions?.subscriptions.some((s) => s.kind === "monthlyBox" && s.status !== "cancelled") ?? false;
  const problem = PROBLEMS.find((p) => p === url.searchParams.get("problem"));
  const t = monthlyBoxMessages(context.lang, context.brand.id);
  return data(
    {
      details,
      picker: {
        ...selection,
        state: { ...state, month: month === details.month ? undefined : month },
        months: months.map((value) => ({ value, label: monthName(value, context.lang) })),
        boxPods: details.boxPods,
        packSize: details.packSize,
        dropped: url.searchParams.get("dropped") === "1",
      },
      monthLabel: monthName(month, context.lang),
      signedIn,
      hasBox,
      returnTo: pickAddress(url.pathname, state),
      problem: problem === "incomplete" ? format(t.notComplete, { boxPods: details.boxPods }) : problem === "refused" ? t.subscribeRefused : undefined,
      texts: t,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** "Subscribe": a guest signs in first and comes back to the same pick; a complete pick goes into the cart as the box. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const url = new URL(request.url);
  const { state } = readPick(await readForm(request));
  const here = pickAddress(localePath(context.lang, PAGE), state);
  if (shopperOf(context).userPathId === "anonymous") return redirect(`${localePath(context.lang, "/login")}?returnTo=${encodeURIComponent(here)}`, 303);
  const refused = (problem: (typeof PROBLEMS)[number]) => redirect(pickAddress(url.pathname, state, { problem }), 303);
  if (state.pick.length === 0) return refused("incomplete");
  const api = clientContext(context);
  const entries = state.pick;
  try {
    const fill = await productSelect(api, { entries });
    if (!fill.complete) return refused("incomplete");
    await addMonthlyBoxSubscription(api, { entries });
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return refused("refused");
    throw err;
  }
  return redirect(localePath(context.lang, "/cart"), 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.details.campaign.name }, { name: "description", content: data.details.texts.headline }] : [];

export default function MonthlyBoxPage() {
  const { details, picker, monthLabel, signedIn, hasBox, returnTo, problem, texts: t } = useLoaderData<typeof loader>();
  const { lang } = useShop();
  const login = `${localePath(lang, "/login")}?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <div className="monthly-box-page">
      <header className="monthly-box__intro">
        <h1>{details.campaign.name}</h1>
        <p className="monthly-box__headline">{details.texts.headline}</p>
        <p className="monthly-box__price">{details.texts.price}</p>
        <p>{details.texts.howItWorks}</p>
        <h2>{t.whatsInside}</h2>
        <ul className="monthly-box__includes">
          {details.texts.includes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </header>
      {hasBox ? (
        <p className="notice">
          {t.alreadySubscribed} <Link to={localePath(lang, "/account/auto-delivery")}>{t.manageBox}</Link>
        </p>
      ) : null}
      <h2>{format(t.pickFor, { month: monthLabel })}</h2>
      {signedIn ? null : (
        <p className="monthly-box__guest">
          {t.guestNote} <Link to={login}>{t.signIn}</Link> · <Link to={localePath(lang, "/signup")}>{t.createAccount}</Link>
        </p>
      )}
      <MonthlyBoxPicker
        data={picker}
        t={t}
        problem={problem ? { error: problem } : undefined}
        actions={
          // The order that starts a box ships this month's; next month's selection is there to look ahead.
          picker.state.month ? (
            <p className="field__hint">{t.firstBoxThisMonth}</p>
          ) : (
            <button type="submit" formMethod="post" name="intent" value="subscribe" className="button">
              {signedIn ? format(t.subscribe, { price: details.price.formattedValue }) : t.signInToSubscribe}
            </button>
          )
        }
      />
    </div>
  );
}
