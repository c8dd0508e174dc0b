import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { createContext, useContext } from "react";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "react-router";
import type { z } from "zod";
import type { Address } from "../../commerce/contract/address";
import type { Subscription } from "../../commerce/contract/auto-delivery";
import { formatMoney, localeFor } from "../../commerce/contract/money";
import { cardBrandName, formatDate } from "../../lib/format";
import { format } from "../brands/locale";
import type { MonthlyBoxMessages } from "../brands/monthly-box-messages";
import type { SubscriptionMessages, SubscriptionNotice } from "../brands/subscription-messages";
import { AddressLines } from "../components/AddressLines";
import { describedBy, Field, FieldError, FormMessage, type FormProblem, keptText, Notice, SubmitButton } from "../components/FormFields";
import { MAX_FREQUENCY_WEEKS, MIN_FREQUENCY_WEEKS } from "../../commerce/contract/frequency-weeks";
import { localePath } from "../lib/paths";
import { useShop } from "../lib/shop";
import { useMessages } from "../components/useMessages";
import { everyWeeksLabel } from "../lib/auto-delivery";
import type { ApiClientContext } from "../lib/api-client.server";
import type { FormAnswer } from "../lib/form-validation.server";
import {
  actOnSubscription,
  AddressChoiceFormSchema,
  ApiError,
  apiProblem,
  autoDeliveryHome,
  boxSubscriptionMonths,
  CancelFormSchema,
  cancelSubscription,
  ChargedSchema,
  changeSubscription,
  checkForm,
  clientContext,
  data,
  fieldProblem,
  formAnswer,
  formPageHeaders,
  formText,
  FrequencyFormSchema,
  getCart,
  MAX_LINE_QUANTITY,
  monthlyBoxMessages,
  NextDateFormSchema,
  orFailedPage,
  QuantityFormSchema,
  readFormFields,
  redirect,
  refusedForm,
  RemoveItemFormSchema,
  requireAccountHolder,
  requireLangSegment,
  resumeSubscription,
  savedAddress,
  savedAddresses,
  SUBSCRIPTION_NOTICES,
  SubscriptionFormSchema,
  subscriptionTexts,
  useCartCardForSubscription,
} from "../lib/auto-delivery-page.server";

const PAGE = "/account/auto-delivery";

/**
 * The account's auto-delivery (decision 053): each subscription with its items, frequency, next
 * date, address, card and status, a small form for each change, and the orders the subscriptions
 * placed. An agent acting for the customer uses the same page; the service audits each change.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const api = clientContext(context);
  const [{ subscriptions, orders }, addresses] = await Promise.all([orFailedPage(autoDeliveryHome(api)), orFailedPage(savedAddresses(api))]);
  const search = new URL(request.url).searchParams;
  const notice = SUBSCRIPTION_NOTICES.find((n) => n === search.get("notice"));
  const code = SubscriptionFormSchema.safeParse({ code: search.get("code") });
  const boxCodes = subscriptions.filter((s) => s.kind === "monthlyBox" && s.status !== "cancelled").map((s) => s.code);
  const boxes = await orFailedPage(boxSubscriptionMonths(api, boxCodes, context.lang));
  const charged = ChargedSchema.safeParse(search.get("charged"));
  return data(
    {
      subscriptions,
      boxes,
      boxTexts: boxCodes.length > 0 ? monthlyBoxMessages(context.lang, context.brand.id) : null,
      orders,
      addresses: addresses.addresses,
      maxQuantity: MAX_LINE_QUANTITY,
      notice: notice && code.success ? { kind: notice, code: code.data.code } : undefined,
      // The redirect after a cancel names what it charged; it is only ever shown to the customer whose page it is.
      charged: notice === "cancelled" && charged.success ? formatMoney(charged.data, context.brand.currency, context.lang) : undefined,
      // The page's phrases in its language, instead of every store's dictionaries in its scripts.
      texts: subscriptionTexts(context.lang, context.brand.id),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** A cancel that ended a campaign's commitment early names what it charged (minor units) for the page after the redirect. */
type Outcome = SubscriptionNotice | { notice: SubscriptionNotice; charged: number };

type Change = (api: ApiClientContext, form: Record<string, string>) => Promise<Outcome | FormAnswer>;

/** How a change turns down what the page itself finds wrong: a field's own phrase, or one of the page's sentences. */
interface Refusals {
  field: (name: string) => FormAnswer;
  sentence: (pick: (t: SubscriptionMessages) => string) => FormAnswer;
}

/** A change checked by its schema first; a refused field never reaches the API. */
function checked<S extends z.ZodType>(schema: S, run: (api: ApiClientContext, input: z.output<S>, refuse: Refusals) => Promise<Outcome | FormAnswer>) {
  return (context: LoaderFunctionArgs["context"]): Change =>
    async (api, form) => {
      const result = checkForm(context, schema, form);
      if ("answer" in result) return result.answer;
      return run(api, result.data, {
        field: (name) => refusedForm(formText(context), { [name]: fieldProblem(name, undefined, form) }, form),
        sentence: (pick) => formAnswer(form, { error: pick(subscriptionTexts(context.lang, context.brand.id)) }),
      });
    };
}

const CHANGES = {
  skip: checked(SubscriptionFormSchema, async (api, { code }) => (await actOnSubscription(api, code, "skip"), "skipped")),
  deliverNow: checked(SubscriptionFormSchema, async (api, { code }) => (await actOnSubscription(api, code, "deliverNow"), "deliveredNow")),
  pause: checked(SubscriptionFormSchema, async (api, { code }) => (await actOnSubscription(api, code, "pause"), "paused")),
  resume: checked(SubscriptionFormSchema, async (api, { code }) => (await resumeSubscription(api, code), "resumed")),
  frequency: checked(FrequencyFormSchema, async (api, { code, frequencyWeeks }) => (await changeSubscription(api, code, { frequencyWeeks }), "changed")),
  date: checked(NextDateFormSchema, async (api, { code, nextDeliveryDate }) => (await changeSubscription(api, code, { nextDeliveryDate }), "changed")),
  quantity: checked(QuantityFormSchema, async (api, { code, productCode, qty }) => {
    await changeSubscription(api, code, { items: [{ productCode, qty, podsAtHomeQty: undefined }] });
    return "changed";
  }),
  remove: checked(RemoveItemFormSchema, async (api, { code, productCode }) => {
    await changeSubscription(api, code, { items: [{ productCode, qty: 0, podsAtHomeQty: undefined }] });
    return "changed";
  }),
  address: checked(AddressChoiceFormSchema, async (api, { code, addressId }, refuse) => {
    const address = await savedAddress(api, addressId);
    if (!address) return refuse.field("addressId");
    await changeSubscription(api, code, { address });
    return "changed";
  }),
  card: checked(SubscriptionFormSchema, async (api, { code }, refuse) => {
    const cart = await getCart(api, undefined);
    if (!cart) return refuse.sentence((t) => t.noCartCard);
    await useCartCardForSubscription(api, code, cart.guid);
    return "cardChanged";
  }),
  cancel: checked(CancelFormSchema, async (api, { code, reason }) => {
    const cancelled = await cancelSubscription(api, code, reason);
    const charged = cancelled.commitment?.cancellationCharged?.minor ?? 0;
    return charged > 0 ? { notice: "cancelled", charged } : "cancelled";
  }),
} as const;

const isIntent = (intent: string | undefined): intent is keyof typeof CHANGES => intent !== undefined && Object.hasOwn(CHANGES, intent);

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const form = await readFormFields(request);
  if (!isIntent(form.intent)) return formAnswer(form, { error: formText(context).pageOutOfDate });
  try {
    const outcome = await CHANGES[form.intent](context)(clientContext(context), form);
    if (typeof outcome !== "string" && !("notice" in outcome)) return outcome;
    const { notice, charged } = typeof outcome === "string" ? { notice: outcome, charged: 0 } : outcome;
    // A card changed, a subscription stopped or started again: the header's notices are read again.
    await context.shopper?.rememberCustomerDetails(undefined);
    const code = encodeURIComponent(form.code ?? "");
    return redirect(`${localePath(context.lang, PAGE)}?notice=${notice}&code=${code}${charged > 0 ? `&charged=${charged}` : ""}#${code}`, 303);
  } catch (err) {
    return refusal(context, err, form);
  }
}

/** Fields the service may refuse after the page's own check (a date its clock calls past). */
const REFUSED_FIELDS = new Set(["frequencyWeeks", "nextDeliveryDate", "reason", "addressId"]);

/**
 * The service's refusal in the shop's words: another customer's subscription (or none) is the
 * "Subscription not found." page; a field its own phrase; a state that forbids the change, the
 * last item, a cart without a card, a delivery already ordered their sentences.
 */
function refusal(context: LoaderFunctionArgs["context"], err: unknown, form: Record<string, string>): FormAnswer {
  if (!(err instanceof ApiError)) throw err;
  const item = err.errors[0];
  const t = subscriptionTexts(context.lang, context.brand.id);
  if (err.status === 404 && (item?.subject === "code" || item?.subject === "jobCode")) {
    throw data({ reason: "subscriptionNotFound", heading: t.subscriptionNotFound, back: t.backToAutoDelivery } satisfies SubscriptionNotFound, { status: 404 });
  }
  if (err.status === 400 && item?.subject && REFUSED_FIELDS.has(item.subject)) {
    return refusedForm(formText(context), { [item.subject]: fieldProblem(item.subject, undefined, form) }, form);
  }
  if (err.status === 400 && item?.subject === "items") return formAnswer(form, { error: t.lastItem });
  if (item?.subject === "cartGuid") return formAnswer(form, { error: t.noCartCard });
  // The early-cancellation charge declined (409, or 402 from the card's provider): nothing was cancelled.
  if (item?.reason === "cardDeclined") return formAnswer(form, { error: t.cancelCardDeclined }, err.status);
  if (err.status === 409) return formAnswer(form, { error: t.alreadyOrdered }, 409);
  if (err.status === 400 && item?.subject === "code") return formAnswer(form, { error: t.notNow });
  return apiProblem(context, err, form);
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.texts.heading }] : []), { name: "robots", content: "noindex" }];

/** What the error page of another customer's (or an unknown) subscription says, worded by the action. */
type SubscriptionNotFound = { reason: "subscriptionNotFound"; heading: string; back: string };

const SubscriptionTexts = createContext<SubscriptionMessages | null>(null);

function useSubscriptionText() {
  const { lang, brand } = useShop();
  const t = useContext(SubscriptionTexts);
  if (!t) throw new Error("the auto-delivery page's parts render inside its SubscriptionTexts provider");
  return { lang, brand, t, locale: localeFor(brand.currency, lang) };
}

/** The problem an answered form has, when it is about this subscription (and this item). */
function problemOf(state: FormProblem | undefined, code: string, productCode?: string): FormProblem | undefined {
  if (!state || state.values?.code !== code) return undefined;
  if (productCode !== undefined && state.values?.productCode !== productCode) return undefined;
  return state;
}

function SmallForm({ intent, code, children, className }: { intent: string; code: string; children: React.ReactNode; className?: string }) {
  return (
    <Form method="post" className={`subscription-form ${className ?? ""}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="code" value={code} />
      {children}
    </Form>
  );
}

function SubscriptionCard({
  s,
  addresses,
  maxQuantity,
  state,
}: {
  s: Subscription;
  addresses: readonly Address[];
  maxQuantity: number;
  state: FormProblem | undefined;
}) {
  const { t, locale } = useSubscriptionText();
  const messages = useMessages();
  const problem = problemOf(state, s.code);
  const asked = (intent: string) => (problem?.intent === intent ? problem : undefined);
  const active = s.status === "active";
  return (
    <article className="subscription" id={s.code} aria-labelledby={`${s.code}-title`}>
      <h3 id={`${s.code}-title`}>{format(t.subscriptionTitle, { code: s.code })}</h3>
      <FormMessage state={problem} />
      <dl className="subscription__facts">
        <dt>{t.status}</dt>
        <dd className={`subscription__status subscription__status--${s.status}`}>{t[`status_${s.status}`]}</dd>
        <dt>{t.frequency}</dt>
        <dd>{everyWeeksLabel(messages, s.frequencyWeeks)}</dd>
        <dt>{t.nextDelivery}</dt>
        <dd>
          <time dateTime={s.nextDeliveryDate}>{formatDate(s.nextDeliveryDate, locale)}</time>
        </dd>
        <dt>{t.shipsTo}</dt>
        <dd>
          <AddressLines address={s.deliveryAddress} />
        </dd>
        <dt>{t.card}</dt>
        <dd>{format(t.cardEnding, { brand: cardBrandName(s.payment.brand), last4: s.payment.last4 })}</dd>
      </dl>
      {s.commitment ? <CommitmentProgress commitment={s.commitment} /> : null}
      <h4>{t.items}</h4>
      <ul className="subscription__items">
        {s.items.map((item) => {
          const itemProblem = problemOf(state, s.code, item.productCode);
          return (
            <li key={`${item.productCode}-${item.nextOnly}`}>
              <span className="subscription__item-name">{item.name}</span>
              {item.podsAtHomeQty !== undefined ? <span> · {format(t.podsAtHome, { count: item.podsAtHomeQty })}</span> : null}
              {item.nextOnly ? <span> · {t.nextOnly}</span> : null}
              {item.nextOnly ? (
                <span> × {item.quantity}</span>
              ) : (
                <div className="subscription__item-forms">
                  <SmallForm intent="quantity" code={s.code} className="subscription-form--inline">
                    <input type="hidden" name="productCode" value={item.productCode} />
                    <Field
                      form={`${s.code}-${item.productCode}`}
                      name="qty"
                      label={format(t.quantityOf, { name: item.name })}
                      type="number"
                      min={1}
                      max={maxQuantity}
                      inputMode="numeric"
                      defaultValue={String(item.quantity)}
                      state={itemProblem?.intent === "quantity" ? itemProblem : undefined}
                    />
                    <SubmitButton secondary>{t.updateQuantity}</SubmitButton>
                  </SmallForm>
                  <SmallForm intent="remove" code={s.code} className="subscription-form--inline">
                    <input type="hidden" name="productCode" value={item.productCode} />
                    <SubmitButton secondary>{format(t.removeItem, { name: item.name })}</SubmitButton>
                  </SmallForm>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="subscription__actions">
        {active ? (
          <>
            <SmallForm intent="skip" code={s.code}>
              <SubmitButton secondary>{t.skip}</SubmitButton>
            </SmallForm>
            <SmallForm intent="deliverNow" code={s.code}>
              <SubmitButton secondary>{t.deliverNow}</SubmitButton>
            </SmallForm>
            <SmallForm intent="pause" code={s.code}>
              <SubmitButton secondary>{t.pause}</SubmitButton>
            </SmallForm>
          </>
        ) : (
          <SmallForm intent="resume" code={s.code}>
            <SubmitButton>{t.resume}</SubmitButton>
          </SmallForm>
        )}
      </div>
      <SmallForm intent="frequency" code={s.code}>
        <Field
          form={s.code}
          name="frequencyWeeks"
          label={t.frequencyLabel}
          hint={t.frequencyHint}
          type="number"
          min={MIN_FREQUENCY_WEEKS}
          max={MAX_FREQUENCY_WEEKS}
          inputMode="numeric"
          required
          defaultValue={String(s.frequencyWeeks)}
          state={asked("frequency")}
        />
        <SubmitButton secondary>{t.saveFrequency}</SubmitButton>
      </SmallForm>
      <SmallForm intent="date" code={s.code}>
        <Field
          form={s.code}
          name="nextDeliveryDate"
          label={t.dateLabel}
          hint={t.dateHint}
          type="date"
          required
          defaultValue={s.nextDeliveryDate}
          state={asked("date")}
        />
        <SubmitButton secondary>{t.saveDate}</SubmitButton>
      </SmallForm>
      <details className="subscription__more" open={["address", "card", "cancel"].includes(problem?.intent ?? "")}>
        <summary>{t.moreChanges}</summary>
        {addresses.length > 0 ? (
          <SmallForm intent="address" code={s.code}>
            <fieldset>
              <legend>{t.addressLabel}</legend>
              {addresses.map((a, i) => (
                <div className="field field--check" key={a.id}>
                  <input type="radio" id={`${s.code}-address-${a.id}`} name="addressId" value={a.id} defaultChecked={i === 0} />
                  <label htmlFor={`${s.code}-address-${a.id}`}>
                    <AddressLines address={a} />
                  </label>
                </div>
              ))}
            </fieldset>
            <SubmitButton secondary>{t.saveAddress}</SubmitButton>
          </SmallForm>
        ) : (
          <p>{t.noSavedAddresses}</p>
        )}
        <SmallForm intent="card" code={s.code}>
          <p className="field__hint">{t.cardHelp}</p>
          <SubmitButton secondary>{t.useCartCard}</SubmitButton>
        </SmallForm>
        <SmallForm intent="cancel" code={s.code}>
          <div className={`field${asked("cancel")?.fields?.reason ? " field--invalid" : ""}`}>
            <label htmlFor={`${s.code}-reason`}>{t.reasonLabel}</label>
            <textarea
              id={`${s.code}-reason`}
              name="reason"
              required
              minLength={3}
              maxLength={300}
              defaultValue={keptText(asked("cancel"), "reason")}
              {...describedBy(`${s.code}-reason`, asked("cancel")?.fields?.reason)}
            />
            <FieldError id={`${s.code}-reason`} error={asked("cancel")?.fields?.reason} />
          </div>
          {s.commitment && s.commitment.cancellationChargeNow.minor > 0 ? (
            <p className="form-error" data-testid="cancel-charge">
              {format(t.cancelChargeNow, { amount: s.commitment.cancellationChargeNow.formattedValue })}
            </p>
          ) : null}
          <SubmitButton secondary>{t.cancel}</SubmitButton>
        </SmallForm>
      </details>
    </article>
  );
}

type BoxMonths = Awaited<ReturnType<typeof loader>>["data"]["boxes"][string];

/**
 * A monthly box subscription (decision 068): when the next box ships, this month's box and next
 * month's picks, and the way to change them; pause, resume and cancel as any subscription.
 */
function BoxSubscriptionCard({
  s,
  months,
  boxTexts: b,
  state,
}: {
  s: Subscription;
  months: BoxMonths;
  boxTexts: MonthlyBoxMessages;
  state: FormProblem | undefined;
}) {
  const { t, lang, locale } = useSubscriptionText();
  const problem = problemOf(state, s.code);
  const next = months.find((m) => m.changeable);
  return (
    <article className="subscription subscription--box" id={s.code} aria-labelledby={`${s.code}-title`}>
      <h3 id={`${s.code}-title`}>
        {b.accountHeading} {s.code}
      </h3>
      <FormMessage state={problem} />
      <dl className="subscription__facts">
        <dt>{t.status}</dt>
        <dd className={`subscription__status subscription__status--${s.status}`}>{t[`status_${s.status}`]}</dd>
        <dt>{b.nextBoxDate}</dt>
        <dd>
          <time dateTime={s.nextDeliveryDate}>{formatDate(s.nextDeliveryDate, locale)}</time>
        </dd>
        {s.monthlyBox ? (
          <>
            <dt>{s.monthlyBox.name}</dt>
            <dd>{s.monthlyBox.price.formattedValue}</dd>
          </>
        ) : null}
        <dt>{t.shipsTo}</dt>
        <dd>
          <AddressLines address={s.deliveryAddress} />
        </dd>
        <dt>{t.card}</dt>
        <dd>{format(t.cardEnding, { brand: cardBrandName(s.payment.brand), last4: s.payment.last4 })}</dd>
      </dl>
      {s.monthlyBox ? <p className="field__hint">{s.monthlyBox.restrictions}</p> : null}
      {months.map((m) => (
        <section key={m.month} aria-label={format(b.picksFor, { month: m.monthLabel })}>
          <h4>{format(b.picksFor, { month: m.monthLabel })}</h4>
          {m.picks.length > 0 ? (
            <ul className="subscription__items">
              {m.picks.map((p) => (
                <li key={p.code}>{format(b.pickLine, { name: p.name, quantity: p.quantity })}</li>
              ))}
            </ul>
          ) : (
            <p>{b.noPicksYet}</p>
          )}
          {m.source === "carriedOver" && m.changeable ? <p className="field__hint">{b.carriedOver}</p> : null}
          {m.orderCode ? (
            <p>
              <Link to={localePath(lang, `/account/orders/${m.orderCode}`)}>{m.orderCode}</Link> · {format(b.alreadyPlaced, { month: m.monthLabel })}
            </p>
          ) : null}
        </section>
      ))}
      {next && s.status !== "cancelled" ? (
        <p>
          <Link to={`${localePath(lang, "/account/monthly-box")}?code=${encodeURIComponent(s.code)}&month=${next.month}`} className="button button--secondary">
            {b.changeNextMonth}
          </Link>
        </p>
      ) : null}
      <div className="subscription__actions">
        {s.status === "active" ? (
          <SmallForm intent="pause" code={s.code}>
            <SubmitButton secondary>{t.pause}</SubmitButton>
          </SmallForm>
        ) : s.status === "paused" ? (
          <SmallForm intent="resume" code={s.code}>
            <SubmitButton>{t.resume}</SubmitButton>
          </SmallForm>
        ) : null}
      </div>
      <details className="subscription__more" open={problem?.intent === "cancel"}>
        <summary>{t.moreChanges}</summary>
        <SmallForm intent="cancel" code={s.code}>
          <div className={`field${problem?.intent === "cancel" && problem.fields?.reason ? " field--invalid" : ""}`}>
            <label htmlFor={`${s.code}-reason`}>{t.reasonLabel}</label>
            <textarea id={`${s.code}-reason`} name="reason" required minLength={3} maxLength={300} defaultValue={keptText(problem, "reason")} />
            <FieldError id={`${s.code}-reason`} error={problem?.intent === "cancel" ? problem.fields?.reason : undefined} />
          </div>
          <SubmitButton secondary>{t.cancel}</SubmitButton>
        </SmallForm>
      </details>
    </article>
  );
}

/** A campaign brewer's commitment on its auto-delivery: deliveries made of those required, and the early-cancellation rule. */
function CommitmentProgress({ commitment: c }: { commitment: NonNullable<Subscription["commitment"]> }) {
  const { t } = useSubscriptionText();
  const progress = format(t.commitmentProgress, { made: c.deliveriesMade, required: c.deliveriesRequired });
  return (
    <section className="subscription__commitment" data-testid="subscription-commitment" aria-labelledby={`${c.campaignId}-${c.brewerCode}-commitment`}>
      <h4 id={`${c.campaignId}-${c.brewerCode}-commitment`}>{format(t.commitmentHeading, { name: c.name })}</h4>
      <p>
        {c.commitmentText} <progress value={c.deliveriesMade} max={c.deliveriesRequired} aria-label={progress} /> <span>{progress}</span>
      </p>
      <p>{c.status === "active" ? c.earlyCancellationText : t.commitmentMet}</p>
    </section>
  );
}

export default function AutoDeliveryPage() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <SubscriptionTexts.Provider value={texts}>
      <AutoDeliveryContent />
    </SubscriptionTexts.Provider>
  );
}

function AutoDeliveryContent() {
  const { subscriptions, orders, addresses, maxQuantity, notice, charged, boxes, boxTexts } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { lang, t, locale } = useSubscriptionText();
  const unmatched = state && !subscriptions.some((s) => s.code === state.values?.code) ? state : undefined;
  return (
    <section aria-labelledby="auto-delivery-heading" className="account-section">
      <h2 id="auto-delivery-heading">{t.heading}</h2>
      {notice ? (
        <Notice>
          {format(t[`notice_${notice.kind}`], { code: notice.code })}
          {charged ? ` ${format(t.cancelCharged, { amount: charged })}` : null}
        </Notice>
      ) : null}
      <FormMessage state={unmatched} />
      {subscriptions.length === 0 ? <p>{t.none}</p> : <p>{t.intro}</p>}
      {subscriptions.map((s) =>
        s.kind === "monthlyBox" && boxTexts ? (
          <BoxSubscriptionCard key={s.code} s={s} months={boxes[s.code] ?? []} boxTexts={boxTexts} state={state} />
        ) : (
          <SubscriptionCard key={s.code} s={s} addresses={addresses} maxQuantity={maxQuantity} state={state} />
        ),
      )}
      <h3 id="ad-orders-heading">{t.ordersHeading}</h3>
      {orders.length === 0 ? (
        <p>{t.noOrders}</p>
      ) : (
        <table className="cart-table order-history" aria-labelledby="ad-orders-heading">
          <thead>
            <tr>
              <th scope="col">{t.orderNumber}</th>
              <th scope="col">{t.tab}</th>
              <th scope="col">{t.deliveryDate}</th>
              <th scope="col">{t.orderTotal}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.code}>
                <td>
                  <Link to={localePath(lang, `/account/orders/${o.code}`)}>{o.code}</Link>
                </td>
                <td>{o.subscriptionCode}</td>
                <td>
                  <time dateTime={o.deliveryDate}>{formatDate(o.deliveryDate, locale)}</time>
                </td>
                <td>{o.total.formattedValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** "Subscription not found." for a code that is not this customer's, in the account's frame; anything else, the account's "try again". */
export function ErrorBoundary() {
  const error = useRouteError();
  const { lang } = useShop();
  const t = useMessages();
  const notFound = isRouteErrorResponse(error) && error.status === 404 ? (error.data as SubscriptionNotFound) : undefined;
  return (
    <section className="account-section" aria-labelledby="auto-delivery-error">
      <h2 id="auto-delivery-error">{notFound ? notFound.heading : t.coffeeBreakMessage}</h2>
      <p>
        <Link to={localePath(lang, notFound ? PAGE : "/account")}>{notFound ? notFound.back : t.myAccount}</Link>
      </p>
    </section>
  );
}
