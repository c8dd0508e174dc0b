import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { format } from "../brands/locale";
import { FormMessage, Notice } from "../components/FormFields";
import { TotalLine } from "../components/TotalLines";
import { FREQUENCY_CHOICES } from "../lib/auto-delivery";
import { addOfferToCart, data, formPageHeaders, offerPage, requireLangSegment } from "../lib/campaign-page.server";
import { OFFERS_PATH } from "../lib/campaign-pages";
import { localePath } from "../lib/paths";
import { useShop } from "../lib/shop";

/**
 * One brewer offer (decision 066): what you get, the brewers at their regular and offer prices,
 * the commitment and the early-cancellation rule up front, a GET form that prices a brewer, box
 * and frequency (the page re-renders with the estimate, with or without JavaScript), and the POST
 * that puts the brewer and the first box in the cart.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const page = await offerPage(context, params.slug, new URL(request.url).searchParams);
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  return addOfferToCart(request, context, params.slug);
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.campaign.name }, { name: "description", content: data.campaign.commitmentText }] : [];

export default function OfferPage() {
  const { campaign, brewers, boxes, chosen, estimate, eligibility, signedIn, signInHref, texts: t } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const { lang } = useShop();
  const cost = estimate?.ok ? estimate.value : null;
  const mayBuy = signedIn && (eligibility?.eligible ?? true);
  const frequencies = [...new Set([...FREQUENCY_CHOICES, ...(cost ? [cost.commitment.frequencyWeeks] : [])])].sort((a, b) => a - b);
  const weeks = chosen.frequencyWeeks ?? cost?.commitment.frequencyWeeks;
  return (
    <div className="offer-page">
      <p>
        <Link to={localePath(lang, OFFERS_PATH)}>{t.backToOffers}</Link>
      </p>
      <h1>{campaign.name}</h1>
      <section aria-labelledby="offer-get">
        <h2 id="offer-get">{t.whatYouGet}</h2>
        <ul>
          <li>{t.getBrewer}</li>
          <li>{t.getAutoDelivery}</li>
          {campaign.oncePerHousehold ? <li>{t.onceAHousehold}</li> : null}
        </ul>
      </section>
      <section aria-labelledby="offer-commitment" id="commitment" className="offer-page__rule">
        <h2 id="offer-commitment">{t.commitmentHeading}</h2>
        <p data-testid="offer-commitment">{format(t.commitsTo, { commitment: campaign.commitmentText })}</p>
        {cost ? (
          <>
            <h3>{t.earlyCancellationHeading}</h3>
            <p data-testid="offer-early-cancellation">{cost.earlyCancellationText}</p>
          </>
        ) : null}
      </section>
      <section aria-labelledby="offer-brewers">
        <h2 id="offer-brewers">{t.brewersHeading}</h2>
        <table className="offer-table">
          <thead>
            <tr>
              <th scope="col">{t.brewerLabel}</th>
              <th scope="col">{t.regularPrice}</th>
              <th scope="col">{t.offerPrice}</th>
            </tr>
          </thead>
          <tbody>
            {brewers.map((b) => (
              <tr key={b.code}>
                <th scope="row">
                  <Link to={b.url}>{b.name}</Link>
                </th>
                <td>
                  <s>{b.regularPrice}</s>
                </td>
                <td>
                  <strong>{b.offerPrice}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {!signedIn ? (
        <p className="notice" data-testid="offer-sign-in">
          {t.signInToBuy} <Link to={signInHref}>{t.signIn}</Link> · <Link to={localePath(lang, "/signup")}>{t.createAccount}</Link>
        </p>
      ) : eligibility && !eligibility.eligible ? (
        <div className="form-error offer-page__refused" role="alert" data-testid="offer-refused">
          <p>{t.refusedHeading}</p>
          <ul>
            {eligibility.reasons.map((r) => (
              <li key={r.code}>{r.text}</li>
            ))}
          </ul>
          {eligibility.activeCommitment ? <p>{format(t.activeCommitment, eligibility.activeCommitment)}</p> : null}
        </div>
      ) : eligibility ? (
        <Notice>{t.eligible}</Notice>
      ) : null}
      <section aria-labelledby="offer-choose">
        <h2 id="offer-choose">{t.chooseHeading}</h2>
        <Form method="get" className="offer-form" preventScrollReset>
          <div className="field">
            <label htmlFor="offer-brewer">{t.brewerLabel}</label>
            <select id="offer-brewer" name="brewerCode" defaultValue={chosen.brewerCode}>
              {brewers.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name} ({b.offerPrice})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="offer-box">{t.boxLabel}</label>
            <select id="offer-box" name="boxCode" defaultValue={chosen.boxCode} aria-describedby="offer-box-hint">
              {boxes.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
            <p id="offer-box-hint" className="field__hint">
              {format(t.boxHint, { pods: campaign.commitment.minBoxPods })}
            </p>
          </div>
          <div className="field">
            <label htmlFor="offer-qty">{t.boxQtyLabel}</label>
            <input id="offer-qty" name="boxQty" type="number" inputMode="numeric" min={1} max={24} defaultValue={chosen.boxQty ?? cost?.box.qty ?? 1} />
          </div>
          <div className="field">
            <label htmlFor="offer-frequency">{t.frequencyLabel}</label>
            <select id="offer-frequency" name="frequencyWeeks" defaultValue={weeks === undefined ? undefined : String(weeks)}>
              {frequencies.map((w) => (
                <option key={w} value={w}>
                  {w === 1 ? t.everyWeek : format(t.everyWeeks, { n: w })}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--secondary">
            {t.showCost}
          </button>
        </Form>
      </section>
      <section aria-labelledby="offer-cost" id="cost">
        <h2 id="offer-cost">{t.costHeading}</h2>
        {estimate && !estimate.ok ? (
          <p className="form-error" role="alert" data-testid="offer-estimate-refused">
            {estimate.problem}
          </p>
        ) : null}
        {cost ? (
          <>
            <p>{format(t.costFor, { brewer: cost.brewer.name, box: cost.box.name, qty: cost.box.qty, weeks: cost.commitment.frequencyWeeks })}</p>
            <dl className="cart-totals offer-cost" data-testid="offer-cost">
              <TotalLine label={`${t.brewerNow}, ${t.regularPrice.toLowerCase()}`} amount={cost.brewer.regularPrice.formattedValue} />
              <TotalLine label={`${t.brewerNow}, ${t.offerPrice.toLowerCase()}`} amount={cost.brewer.campaignPrice.formattedValue} />
              <TotalLine label={t.firstDelivery} amount={cost.box.firstDeliveryPrice.formattedValue} />
              <TotalLine label={t.dueNow} amount={cost.dueNow.formattedValue} total />
              <TotalLine label={t.laterDelivery} amount={cost.box.perDeliveryPrice.formattedValue} />
              <TotalLine label={t.deliveries} amount={String(cost.commitment.deliveries)} />
              <TotalLine label={t.commitmentTotal} amount={cost.commitment.totalPrice.formattedValue} />
            </dl>
            {cost.earlyCancellation.length > 0 ? (
              <table className="offer-table" data-testid="offer-early-charges">
                <caption>{t.earlyCancellationHeading}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.cancelWhen}</th>
                    <th scope="col">{t.chargeHeading}</th>
                  </tr>
                </thead>
                <tbody>
                  {cost.earlyCancellation.map((c) => (
                    <tr key={c.deliveriesMade}>
                      <th scope="row">{format(t.chargeAfter, { n: c.deliveriesMade, required: cost.commitment.deliveries })}</th>
                      <td>{c.charge.formattedValue}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {mayBuy ? (
              <Form method="post" className="offer-page__add">
                <FormMessage state={problem} />
                <input type="hidden" name="brewerCode" value={cost.brewer.code} />
                <input type="hidden" name="boxCode" value={cost.box.code} />
                <input type="hidden" name="boxQty" value={cost.box.qty} />
                <input type="hidden" name="frequencyWeeks" value={cost.commitment.frequencyWeeks} />
                <button type="submit" className="button button--primary button--large">
                  {t.addBundle}
                </button>
              </Form>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
