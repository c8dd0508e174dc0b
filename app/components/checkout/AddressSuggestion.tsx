import { Form } from "react-router";
import type { AddressReview } from "../../lib/address-review.server";
import { AddressLines } from "../AddressLines";

/**
 * The verifier's suggestion beside the address as typed (decision 081): two plain form posts,
 * "Use suggested address" and "Keep the address I entered"; the page comes back at the next step.
 */
export function AddressSuggestion({ review }: { review: AddressReview }) {
  const t = review.texts;
  return (
    <section id="address-review" className="address-review" aria-labelledby="address-review-heading">
      <h3 id="address-review-heading">{t.heading}</h3>
      <p>{t.intro}</p>
      {review.reasons.length > 0 ? (
        <ul className="address-review__reasons">
          {review.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <ul className="address-list">
        <li className="address-card" aria-labelledby="address-review-suggested">
          <p className="checkout-section__label" id="address-review-suggested">
            {t.suggested}
          </p>
          <AddressLines address={review.suggestion} />
          <ChoiceForm choice="suggested" label={t.useSuggested} primary />
        </li>
        <li className="address-card" aria-labelledby="address-review-entered">
          <p className="checkout-section__label" id="address-review-entered">
            {t.youEntered}
          </p>
          <AddressLines address={review.entered} />
          <ChoiceForm choice="entered" label={t.keepEntered} />
        </li>
      </ul>
    </section>
  );
}

function ChoiceForm({ choice, label, primary = false }: { choice: "suggested" | "entered"; label: string; primary?: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="addressChoice" />
      <input type="hidden" name="choice" value={choice} />
      <button type="submit" className={primary ? "button" : "button button--secondary"}>
        {label}
      </button>
    </Form>
  );
}
