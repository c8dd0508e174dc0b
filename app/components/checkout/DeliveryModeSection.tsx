import { Form } from "react-router";
import { formatMoney } from "../../../commerce/contract/money";
import { deliveryEstimateText } from "../../brands/pricing-labels";
import { Field, FieldError, FormMessage, keptText, SubmitButton } from "../FormFields";
import { CheckoutSection, type SectionProps, useCheckoutText } from "./CheckoutSection";

/** 3. Delivery method: the modes the address allows, each with its price and arrival dates, and a contact number. */
export function DeliveryModeSection({ checkout, problem }: SectionProps) {
  const { lang, brand, t, pricing, locale } = useCheckoutText();
  const error = problem?.fields?.deliveryModeId;
  const chosen = keptText(problem, "deliveryModeId") ?? checkout.deliveryMode?.code;
  return (
    <CheckoutSection id="delivery-mode" headingId="mode-heading" title={t.stepDeliveryMode} step={{ name: "deliveryMode", checkout }}>
      {checkout.deliveryModes.length === 0 ? (
        <p>{t.chooseAddressFirst}</p>
      ) : (
        <Form method="post" preventScrollReset className="checkout-form">
          <input type="hidden" name="intent" value="delivery" />
          <FormMessage state={problem} />
          <fieldset aria-describedby={error ? "mode-deliveryModeId-error" : undefined}>
            <legend className="visually-hidden">{t.stepDeliveryMode}</legend>
            {checkout.deliveryModes.map((m) => (
              <div key={m.code} className="field field--radio">
                <input type="radio" id={`mode-${m.code}`} name="deliveryModeId" value={m.code} defaultChecked={chosen === m.code} required />
                <label htmlFor={`mode-${m.code}`}>
                  <strong>{m.name}</strong> — {m.costMinor === 0 ? t.deliveryFree : formatMoney(m.costMinor, brand.currency, lang)}
                  <br />
                  <span className="field__hint">{deliveryEstimateText(m.estimate, pricing, locale)}</span>
                </label>
              </div>
            ))}
            <FieldError id="mode-deliveryModeId" error={error} />
          </fieldset>
          <Field form="mode" name="contactNo" type="tel" label={t.contactNo} autoComplete="tel" defaultValue={checkout.contactNo} state={problem} />
          <SubmitButton secondary={Boolean(checkout.deliveryMode)}>{t.chooseDelivery}</SubmitButton>
        </Form>
      )}
    </CheckoutSection>
  );
}
