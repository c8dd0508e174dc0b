import { Form } from "react-router";
import { format } from "../brands/locale";
import { DEFAULT_FREQUENCY_WEEKS, everyWeeksLabel, FREQUENCY_CHOICES, type AutoDeliveryOffer, type NextDeliveryOffer } from "../lib/auto-delivery";
import { FormMessage, type FormProblem } from "./FormFields";
import { useMessages } from "./useMessages";

/**
 * "One-time purchase" or "Subscribe and save N%", with how often and the pods at home: fields of
 * the add-to-cart form, so both ways go through the same POST. Without JavaScript every field
 * shows; a one-time purchase ignores the subscription's.
 */
export function PurchaseChoice({ offer, productCode }: { offer: AutoDeliveryOffer; productCode: string }) {
  const t = useMessages();
  const id = `ad-${productCode}`;
  const breakroom = offer.wording === "breakroom";
  const podsHint = offer.maxPodsAtHome === undefined ? undefined : `${id}-pods-hint`;
  return (
    <fieldset className="purchase-choice">
      <legend>{t.purchaseChoice}</legend>
      <label className="purchase-choice__option">
        <input type="radio" name="entryType" value="STD" defaultChecked />
        <span>{t.oneTimePurchase}</span> <strong>{offer.oneTimePrice}</strong>
      </label>
      <label className="purchase-choice__option">
        <input type="radio" name="entryType" value="ADC" />
        <span>{format(breakroom ? t.breakroomSubscribe : t.subscribeAndSave, { percent: offer.percent })}</span> <strong>{offer.subscriberPrice}</strong>{" "}
        <span className="purchase-choice__note">{t.subscriberPrice}</span>
      </label>
      <div className="purchase-choice__details">
        <label htmlFor={`${id}-frequency`}>{t.deliverEvery}</label>
        <select id={`${id}-frequency`} name="frequencyWeeks" defaultValue={String(DEFAULT_FREQUENCY_WEEKS)}>
          {FREQUENCY_CHOICES.map((weeks) => (
            <option key={weeks} value={weeks}>
              {everyWeeksLabel(t, weeks)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-pods`}>{breakroom ? t.breakroomPodsAtHome : t.podsAtHome}</label>
        <input id={`${id}-pods`} name="podsAtHomeQty" type="number" inputMode="numeric" min={0} max={offer.maxPodsAtHome} aria-describedby={podsHint} />
        {podsHint ? (
          <p id={podsHint} className="field__hint">
            {format(t.podsAtHomeHint, { limit: offer.maxPodsAtHome ?? "" })}
          </p>
        ) : null}
        <p className="field__hint">{breakroom ? t.breakroomNote : t.subscribeNote}</p>
      </div>
    </fieldset>
  );
}

/**
 * "Add to my next delivery" for a subscriber: the product ships once with the chosen
 * subscription's next order. A plain form posting to the product page; the page comes back with
 * ?nextDelivery=added, or answers the service's refusal in words.
 */
export function NextDeliveryForm({
  offer,
  productCode,
  added,
  problem,
}: {
  offer: NextDeliveryOffer;
  productCode: string;
  added: boolean;
  problem: FormProblem | undefined;
}) {
  const t = useMessages();
  const [only] = offer.subscriptions;
  return (
    <section id="next-delivery" className="next-delivery" aria-labelledby="next-delivery-heading">
      <h2 id="next-delivery-heading">{t.nextDeliveryHeading}</h2>
      {added ? (
        <p className="notice" role="status">
          {t.nextDelivery_added}
        </p>
      ) : null}
      <FormMessage state={problem} />
      <p>{t.nextDeliveryIntro}</p>
      <Form method="post" className="next-delivery__form" preventScrollReset>
        <input type="hidden" name="intent" value="nextDelivery" />
        <input type="hidden" name="productCode" value={productCode} />
        {offer.subscriptions.length > 1 || !only ? (
          <div className="field">
            <label htmlFor="next-delivery-job">{t.nextDeliverySubscription}</label>
            <select id="next-delivery-job" name="jobCode">
              {offer.subscriptions.map((s) => (
                <option key={s.code} value={s.code}>
                  {format(t.nextDeliveryOption, { code: s.code, date: s.nextDelivery })}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <>
            <input type="hidden" name="jobCode" value={only.code} />
            <p>{format(t.nextDeliveryOne, { code: only.code, date: only.nextDelivery })}</p>
          </>
        )}
        <button type="submit" className="button button--secondary">
          {t.nextDeliveryButton}
        </button>
      </Form>
    </section>
  );
}
