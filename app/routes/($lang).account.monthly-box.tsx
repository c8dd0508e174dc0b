import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { z } from "zod";
import { format } from "../brands/locale";
import { Notice } from "../components/FormFields";
import { MonthlyBoxPicker } from "../components/MonthlyBoxPicker";
import { localePath } from "../lib/paths";
import { useShop } from "../lib/shop";
import {
  ApiError,
  clientContext,
  data,
  getMfpSubscriptionCart,
  loadSelection,
  monthlyBoxMessages,
  monthlyDetails,
  monthName,
  notFoundPage,
  orFailedPage,
  pickAddress,
  productSelect,
  readForm,
  readPick,
  redirect,
  requireAccountHolder,
  requireLangSegment,
  updateMonthlyFixedPriceCampaignCart,
} from "../lib/monthly-box-page.server";

const PAGE = "/account/monthly-box";
const SubscriptionCode = z.string().regex(/^AD\d{8}$/);
const PROBLEMS = ["incomplete", "placed"] as const;

/**
 * "Change next month's picks" (decision 068): the month's saved (or carried-over) picks in the
 * same picker as the box's page, kept in the address through every move, and saved with
 * updateMonthlyFixedPriceCampaignCart. A month already placed says it cannot change. Another
 * customer's subscription is the service's 404, shown as not found.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const url = new URL(request.url);
  const code = SubscriptionCode.safeParse(url.searchParams.get("code"));
  if (!code.success) notFoundPage();
  const read = readPick(url.searchParams);
  // Once the pick came from the page, an empty one is the shopper's, not "show the saved picks".
  if (read.fromForm) throw redirect(pickAddress(url.pathname, read.state, { code: code.data, edited: "1", ...(read.dropped ? { dropped: "1" } : {}) }));
  const api = clientContext(context);
  const box = await orFailedPage(getMfpSubscriptionCart(api, code.data, read.state.month));
  const state = {
    ...read.state,
    month: box.month,
    pick: url.searchParams.has("edited") ? read.state.pick : box.picks.map((p) => ({ code: p.code, quantity: p.quantity })),
  };
  const [selection, details] = box.changeable
    ? await orFailedPage(Promise.all([loadSelection(api, state, box.month), monthlyDetails(api, box.month)]))
    : [null, null];
  const t = monthlyBoxMessages(context.lang, context.brand.id);
  const monthLabel = monthName(box.month, context.lang);
  const problem = PROBLEMS.find((p) => p === url.searchParams.get("problem"));
  return data(
    {
      box,
      monthLabel,
      picker: selection && details && { ...selection, state, boxPods: details.boxPods, packSize: details.packSize, dropped: url.searchParams.has("dropped") },
      saved: url.searchParams.get("saved") === "1",
      problem:
        problem === "incomplete"
          ? format(t.notComplete, { boxPods: box.fill.boxPods })
          : problem === "placed"
            ? format(t.alreadyPlaced, { month: monthLabel })
            : undefined,
      texts: t,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** "Save next month's picks": a complete pick is saved; otherwise back to the same pick with what is wrong. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const url = new URL(request.url);
  const form = await readForm(request);
  const code = SubscriptionCode.safeParse(form.get("code") ?? url.searchParams.get("code"));
  const { state } = readPick(form);
  if (!code.success || !state.month) notFoundPage();
  const back = (extra: Record<string, string>) => redirect(pickAddress(localePath(context.lang, PAGE), state, { code: code.data, ...extra }), 303);
  if (state.pick.length === 0) return back({ edited: "1", problem: "incomplete" });
  const api = clientContext(context);
  try {
    const fill = await productSelect(api, { month: state.month, entries: state.pick });
    if (!fill.complete) return back({ edited: "1", problem: "incomplete" });
    await updateMonthlyFixedPriceCampaignCart(api, { subscriptionCode: code.data, month: state.month, entries: state.pick });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFoundPage();
    // A month placed, cancelled or past may no longer change (the service's reason); any other refusal is the pick's.
    const reason = err instanceof ApiError ? err.errors[0]?.reason : undefined;
    if (err instanceof ApiError && err.status === 400 && (reason === "placed" || reason === "cancelled" || reason === "past"))
      return back({ problem: "placed" });
    if (err instanceof ApiError && (err.status === 400 || err.status === 409)) return back({ edited: "1", problem: "incomplete" });
    throw err;
  }
  return redirect(`${localePath(context.lang, PAGE)}?${new URLSearchParams({ code: code.data, month: state.month, saved: "1" })}`, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...(data ? [{ title: format(data.texts.changeHeading, { month: data.monthLabel }) }] : []),
  { name: "robots", content: "noindex" },
];

export default function ChangeMonthlyBoxPage() {
  const { box, monthLabel, picker, saved, problem, texts: t } = useLoaderData<typeof loader>();
  const { lang } = useShop();
  return (
    <section className="account-section" aria-labelledby="box-change-heading">
      <h2 id="box-change-heading">{format(t.changeHeading, { month: monthLabel })}</h2>
      {saved ? <Notice>{format(t.saved, { month: monthLabel })}</Notice> : null}
      {picker ? (
        <>
          <p>{format(t.changeIntro, { month: monthLabel })}</p>
          <MonthlyBoxPicker
            data={picker}
            t={t}
            problem={problem ? { error: problem } : undefined}
            hidden={{ code: box.subscriptionCode }}
            actions={
              <button type="submit" formMethod="post" name="intent" value="save" className="button">
                {t.savePicks}
              </button>
            }
          />
        </>
      ) : (
        <>
          <p className="notice" role="status">
            {box.message || format(t.alreadyPlaced, { month: monthLabel })}
          </p>
          <ul>
            {box.picks.map((p) => (
              <li key={p.code}>{format(t.pickLine, { name: p.name, quantity: p.quantity })}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={localePath(lang, "/account/auto-delivery")}>{t.backToAutoDelivery}</Link>
      </p>
    </section>
  );
}
