import { Link } from "react-router";
import { format } from "../../brands/locale";
import { everyWeeksLabel, FREQUENCY_CHOICES } from "../../lib/auto-delivery";
import { useMessages } from "../useMessages";
import { describedBy, FieldError } from "../FormFields";
import { CheckoutSection, type SectionProps, useCheckoutText } from "./CheckoutSection";

/** The review form's id: the frequency, shown here, is sent with the order. */
export const PLACE_ORDER_FORM = "place-order";

/**
 * Auto-delivery, for a cart with auto-delivery lines: that this order starts a subscription, how
 * often it comes (sent with "Place order", starting from the product page's choice), and what it
 * needs: an account (a guest is told before anything else) and a card for the later deliveries.
 */
export function AutoDeliverySection({ checkout, problem, frequencyWeeks, signInHref }: SectionProps & { frequencyWeeks: number; signInHref: string }) {
  const { t } = useCheckoutText();
  const messages = useMessages();
  const refused = problem?.fields?.adFrequencyWeeks;
  // A frequency typed on another page than ours (any of 1 to 26) is offered too.
  const choices = [...new Set([...FREQUENCY_CHOICES, frequencyWeeks])].sort((a, b) => a - b);
  // A brewer offer's box comes at the frequency chosen with the offer; the choice here is for any other auto-delivery lines.
  const offerBox = checkout.cart.entries.find((e) => e.campaign?.role === "box");
  const otherLines = checkout.cart.entries.some((e) => e.entryType !== "STD" && e.rewardId === undefined && !e.campaign);
  return (
    <CheckoutSection id="auto-delivery" headingId="auto-delivery-heading" title={t.adHeading}>
      <p>{t.adStarts}</p>
      {checkout.cart.entries.flatMap((e) =>
        e.campaign?.role === "brewer"
          ? [
              <p key={e.entryNumber} className="notice" data-testid="checkout-commitment">
                {format(t.adCampaign, { name: e.campaign.name, commitment: e.campaign.commitment.text })} {e.campaign.earlyCancellationText}
              </p>,
            ]
          : [],
      )}
      {checkout.guest ? (
        <p className="form-error" role="alert">
          {t.adSignIn} <Link to={signInHref}>{t.adSignInLink}</Link>
        </p>
      ) : (
        <>
          {offerBox?.campaign ? (
            <p data-testid="checkout-offer-frequency">
              {format(t.adCampaignFrequency, { frequency: everyWeeksLabel(messages, offerBox.campaign.commitment.frequencyWeeks).toLowerCase() })}
            </p>
          ) : null}
          {offerBox && !otherLines ? null : (
            <div className={`field${refused ? " field--invalid" : ""}`}>
              <label htmlFor="ad-frequency">{t.adFrequency}</label>
              <select
                id="ad-frequency"
                name="adFrequencyWeeks"
                form={PLACE_ORDER_FORM}
                defaultValue={String(frequencyWeeks)}
                {...describedBy("ad-frequency", refused)}
              >
                {choices.map((weeks) => (
                  <option key={weeks} value={weeks}>
                    {everyWeeksLabel(messages, weeks)}
                  </option>
                ))}
              </select>
              <FieldError id="ad-frequency" error={refused} />
            </div>
          )}
          <p className="field__hint">{t.adNeedsCard}</p>
        </>
      )}
    </CheckoutSection>
  );
}
