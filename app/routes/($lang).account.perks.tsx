import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { localeFor } from "../../commerce/contract/money";
import { formatCount, formatInstantDate } from "../../lib/format";
import { format } from "../brands/locale";
import { perksMessages } from "../brands/perks-messages";
import { FormMessage, Notice } from "../components/FormFields";
import { requireAccountHolder } from "../lib/account-guard.server";
import { clientContext } from "../lib/api-client.server";
import { readFormFields } from "../lib/form-body.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { DaySchema } from "../lib/schemas.server";
import { localePath } from "../lib/paths";
import { perksProgram, perksRefusal, rememberPerksMember } from "../lib/perks.server";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { getLoyaltyDetails, setPerksOptIn } from "../models/loyalty.server";

const HISTORY_PAGE_SIZE = 10;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The account's perks: the balance, the points history by date range a page at a time, and the rewards. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = requireAccountHolder(request, context);
  const api = clientContext(context);
  const program = await orFailedPage(perksProgram(api));
  if (!program.enabled) notFoundPage();
  const url = new URL(request.url);
  const today = new Date();
  // A date the shopper mistyped falls back to the default range (the past year), said above the form.
  const asked = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const from = DaySchema.safeParse(asked.from);
  const to = DaySchema.safeParse(asked.to);
  const rangeTyped = asked.from !== "" || asked.to !== "";
  const fits = from.success && to.success && from.data <= to.data;
  const range = fits ? { startDate: from.data, endDate: to.data } : { startDate: day(new Date(today.getTime() - 365 * 86_400_000)), endDate: day(today) };
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get("page") ?? "0", 10) || 0));
  // One call: the points, the range's page of history and the rewards.
  const details = await orFailedPage(getLoyaltyDetails(api, { ...range, currentPage: page, limit: HISTORY_PAGE_SIZE }));
  const { history, rewards = [], ...points } = details;
  return {
    points,
    history: history ?? { entries: [], pagination: { currentPage: 0, pageSize: HISTORY_PAGE_SIZE, totalPages: 0, totalResults: 0 } },
    rewards,
    range,
    rangeRefused: rangeTyped && !fits,
    optInEnabled: program.optInEnabled,
    actingForCustomer: shopper.actingFor !== undefined,
    notice: url.searchParams.get("notice"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const form = await readFormFields(request);
  const join = form.intent === "join";
  try {
    await setPerksOptIn(clientContext(context), join);
  } catch (err) {
    return perksRefusal(context, form, err);
  }
  // An agent's opt-in is the customer's, not the agent's own pages'.
  if (!context.shopper?.actingFor) await rememberPerksMember(context, join);
  return redirect(`${localePath(context.lang, "/account/perks")}?notice=${join ? "joined" : "left"}`, 303);
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: perksMessages(lang, brand?.id).perksTitle }, { name: "robots", content: "noindex" }];
};

export default function AccountPerksPage() {
  const { points, history, rewards, range, rangeRefused, optInEnabled, actingForCustomer, notice } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = perksMessages(lang, brand.id);
  const locale = localeFor(brand.currency, lang);
  const { currentPage, totalPages } = history.pagination;
  const pageLink = (p: number) => `?from=${range.startDate}&to=${range.endDate}&page=${p}`;
  return (
    <section aria-labelledby="perks-heading" className="account-section perks-account">
      <h2 id="perks-heading">{t.perksTitle}</h2>
      {notice === "joined" ? <Notice>{t.joined}</Notice> : notice === "left" ? <Notice>{t.left}</Notice> : null}
      <FormMessage state={problem} />
      <h3>{t.balanceHeading}</h3>
      <p className="perks-balance" data-testid="perks-balance">
        {format(t.balance, { points: points.balance })}
      </p>
      {points.perksOptIn ? (
        <Form method="post">
          <button type="submit" name="intent" value="leave" className="link-button">
            {t.leave}
          </button>
        </Form>
      ) : optInEnabled ? (
        <Form method="post">
          <p>{t.notMemberYet}</p>
          <button type="submit" name="intent" value="join" className="button button--primary">
            {actingForCustomer ? t.optInAgent : t.joinButton}
          </button>
        </Form>
      ) : null}

      <h3>{t.historyHeading}</h3>
      <Form method="get" className="perks-range">
        {rangeRefused ? (
          <p className="form-error" role="alert">
            {t.rangeRefused}
          </p>
        ) : null}
        <label>
          {t.from} <input type="date" name="from" defaultValue={range.startDate} required />
        </label>
        <label>
          {t.to} <input type="date" name="to" defaultValue={range.endDate} required />
        </label>
        <button type="submit" className="button button--secondary">
          {t.show}
        </button>
      </Form>
      {history.entries.length === 0 ? (
        <p>{t.noHistory}</p>
      ) : (
        <table className="cart-table perks-history">
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.activity}</th>
              <th scope="col">{t.points}</th>
            </tr>
          </thead>
          <tbody>
            {history.entries.map((e) => (
              <tr key={e.id}>
                <td>{formatInstantDate(e.date, locale)}</td>
                <td>{e.orderCode ? <Link to={localePath(lang, `/account/orders/${e.orderCode}`)}>{e.description}</Link> : e.description}</td>
                <td>{formatCount(e.points, locale, { signed: true })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {totalPages > 1 ? (
        <nav className="pager" aria-label={t.historyHeading}>
          {currentPage > 0 ? <Link to={pageLink(currentPage - 1)}>{t.newer}</Link> : null}
          {currentPage + 1 < totalPages ? <Link to={pageLink(currentPage + 1)}>{t.older}</Link> : null}
        </nav>
      ) : null}

      <h3>{t.rewardsHeading}</h3>
      <ul className="perks-rewards">
        {rewards.map((r) => (
          <li key={r.code}>
            <strong>{r.name}</strong> · {format(t.rewardCost, { points: r.points })}
            <br />
            {r.description}
            {r.affordable ? null : <span className="perks-rewards__short"> · {t.notEnoughPoints}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
