import { useFetcher, useLocation } from "react-router";
import type { Currency, Lang } from "../../commerce/contract/common";
import type { AppliedGiftCard, CartGiftCards } from "../../commerce/contract/gift-card";
import { formatMoney } from "../../commerce/contract/money";
import type { GiftCardMessages } from "../brands/gift-card-messages";
import { type GiftCardOutcome, type GiftCardProblem, giftCardOutcome, giftCardProblem } from "../lib/gift-card-codes";
import { format } from "../brands/locale";
import { useHydrated } from "../lib/use-hydrated";
import { Field } from "./FormFields";

export type GiftCardField = "number" | "pin" | "amount";

/** What /checkout/giftcard answers a script (and, without one, puts in the address it returns to). */
export interface GiftCardFormResult {
  outcome?: GiftCardOutcome | "balance";
  problem?: GiftCardProblem;
  field?: GiftCardField;
  /** The applied card a remove or an amount was about. */
  id?: number;
  balance?: { minor: number; ending: string };
}

const PARAMS = ["giftCard", "giftCardError", "giftCardField", "giftCardId", "giftCardBalance", "giftCardEnding"];

/** The result the page came back with after a post without JavaScript; only known codes are read from the address. */
function resultFromAddress(search: string): GiftCardFormResult | undefined {
  const params = new URLSearchParams(search);
  const id = /^\d{1,9}$/.test(params.get("giftCardId") ?? "") ? Number(params.get("giftCardId")) : undefined;
  const problem = giftCardProblem(params.get("giftCardError"));
  if (problem) {
    const field = params.get("giftCardField");
    return { problem, id, field: field === "number" || field === "pin" || field === "amount" ? field : undefined };
  }
  const minor = params.get("giftCardBalance");
  const ending = params.get("giftCardEnding");
  if (minor && /^\d{1,9}$/.test(minor) && ending && /^\d{4}$/.test(ending)) return { outcome: "balance", balance: { minor: Number(minor), ending } };
  const outcome = giftCardOutcome(params.get("giftCard"));
  return outcome ? { outcome, id } : undefined;
}

function returnPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of PARAMS) params.delete(key);
  return `${pathname}${params.size ? `?${params}` : ""}`;
}

function notice(t: GiftCardMessages, result: GiftCardFormResult | undefined, currency: Currency, lang: Lang): string | undefined {
  if (!result || result.problem) return undefined;
  if (result.outcome === "balance" && result.balance) {
    return format(t.balanceIs, { ending: result.balance.ending, balance: formatMoney(result.balance.minor, currency, lang) });
  }
  return result.outcome === "applied"
    ? t.outcomeApplied
    : result.outcome === "removed"
      ? t.outcomeRemoved
      : result.outcome === "amountSet"
        ? t.outcomeAmountSet
        : undefined;
}

/**
 * Gift cards on the cart page and at checkout: number and PIN to check a balance or apply a card,
 * then each applied card with what it pays, "use part" and remove. Plain forms posting to
 * /checkout/giftcard that come back to this page; with JavaScript they post in place.
 */
export function GiftCardForm({
  lang,
  texts: t,
  currency,
  cartGuid,
  giftCards,
}: {
  lang: Lang;
  /** The gift card phrases in the page's language, sent with the page's data. */
  texts: GiftCardMessages;
  currency: Currency;
  cartGuid: string;
  giftCards: CartGiftCards | null;
}) {
  const location = useLocation();
  const fetcher = useFetcher<GiftCardFormResult>();
  const hydrated = useHydrated();
  const fromAddress = resultFromAddress(location.search);
  const result = fetcher.data ?? fromAddress;
  const returnTo = returnPath(location.pathname, location.search);
  // A result about a card still listed shows on its row; anything else (a removed card's) above the form.
  const listed = new Set(giftCards?.giftCards.map((c) => c.id));
  const mainResult = result && (result.id === undefined || !listed.has(result.id)) ? result : undefined;
  const fieldProblem = mainResult?.problem && mainResult.field ? { fields: { [mainResult.field]: t[mainResult.problem] } } : undefined;
  const general = mainResult?.problem && !mainResult.field ? t[mainResult.problem] : undefined;
  const said = notice(t, mainResult, currency, lang);
  return (
    <section className="gift-cards" id="gift-cards" aria-labelledby="gift-cards-heading">
      <h2 id="gift-cards-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      {giftCards && giftCards.giftCards.length > 0 ? (
        <>
          <h3>{t.applied}</h3>
          <ul className="gift-cards__list">
            {giftCards.giftCards.map((card) => (
              <AppliedCard
                key={card.id}
                card={card}
                t={t}
                cartGuid={cartGuid}
                returnTo={returnTo}
                result={result?.id === card.id ? result : undefined}
                currency={currency}
                lang={lang}
              />
            ))}
          </ul>
          <dl className="cart-totals">
            <dt>{t.covered}</dt>
            <dd>−{giftCards.coveredByGiftCards.formattedValue}</dd>
            <dt>{t.remaining}</dt>
            <dd>
              <strong>{giftCards.remainingDue.formattedValue}</strong>
            </dd>
          </dl>
        </>
      ) : null}
      <p className={general ? "form-error" : "notice"} role={general ? "alert" : "status"} hidden={!general && !said}>
        {general ?? said}
      </p>
      <fetcher.Form method="post" action="/checkout/giftcard" className="gift-cards__form" noValidate>
        <input type="hidden" name="cartGuid" value={cartGuid} />
        <input type="hidden" name="returnTo" value={returnTo} />
        {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
        <Field
          form="gift-card"
          name="number"
          label={t.number}
          hint={t.numberHint}
          state={fieldProblem}
          inputMode="numeric"
          autoComplete="off"
          maxLength={23}
          announce
        />
        <Field
          form="gift-card"
          name="pin"
          type="password"
          label={t.pin}
          hint={t.pinHint}
          state={fieldProblem}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          announce
        />
        <button type="submit" name="intent" value="apply" className="button" disabled={fetcher.state !== "idle"}>
          {t.apply}
        </button>
        <button type="submit" name="intent" value="validate" className="button button--secondary" disabled={fetcher.state !== "idle"}>
          {t.checkBalance}
        </button>
      </fetcher.Form>
    </section>
  );
}

/** One applied card: what it pays, "use part of the balance", and remove; each a form of its own. */
function AppliedCard({
  card,
  t,
  cartGuid,
  returnTo,
  result: fromPage,
  currency,
  lang,
}: {
  card: AppliedGiftCard;
  t: GiftCardMessages;
  cartGuid: string;
  returnTo: string;
  result: GiftCardFormResult | undefined;
  currency: Currency;
  lang: Lang;
}) {
  const fetcher = useFetcher<GiftCardFormResult>();
  const hydrated = useHydrated();
  const result = fetcher.data ?? fromPage;
  const amountError = result?.problem ? t[result.problem] : undefined;
  const said = notice(t, result, currency, lang);
  const ending = card.maskedNumber.slice(-4);
  const amountId = `gift-card-amount-${card.id}`;
  const hidden = (
    <>
      <input type="hidden" name="cartGuid" value={cartGuid} />
      <input type="hidden" name="id" value={card.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
    </>
  );
  return (
    <li className="gift-cards__card">
      <p>
        <strong>{format(t.cardEnding, { ending })}</strong> · {format(t.uses, { toUse: card.toUse.formattedValue, balance: card.balance.formattedValue })}
        {card.requested ? ` ${format(t.partChosen, { amount: card.requested.formattedValue })}` : null}
      </p>
      <fetcher.Form method="post" action="/checkout/giftcard" className="gift-cards__part" noValidate>
        {hidden}
        <label htmlFor={amountId}>{t.amountToUse}</label>
        <input
          id={amountId}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          size={8}
          defaultValue={card.requested ? (card.requested.minor / 100).toFixed(2) : undefined}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${amountId}-error` : undefined}
        />
        <button type="submit" name="intent" value="apply-value" className="button button--secondary" disabled={fetcher.state !== "idle"}>
          {t.useAmount}
        </button>
        <button type="submit" name="intent" value="remove" className="link-button" disabled={fetcher.state !== "idle"}>
          {t.remove}
        </button>
        {amountError ? (
          <span id={`${amountId}-error`} className="form-error" role="alert">
            {amountError}
          </span>
        ) : said ? (
          <span role="status">{said}</span>
        ) : null}
      </fetcher.Form>
    </li>
  );
}
