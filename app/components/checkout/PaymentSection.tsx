import { Form } from "react-router";
import { cardBrandName } from "../../../lib/format";
import { format } from "../../brands/locale";
import { Field, FormMessage, SubmitButton } from "../FormFields";
import { CheckoutSection, type SectionProps, useCheckoutText } from "./CheckoutSection";

/**
 * 4. Payment: the card on file and a form for another. Nothing to pay when gift cards cover the
 * order; agents never take card numbers, the customer enters their own.
 */
export function PaymentSection({ checkout, problem, isAgent }: SectionProps & { isAgent: boolean }) {
  const { t } = useCheckoutText();
  return (
    <CheckoutSection id="payment" headingId="payment-heading" title={t.stepPayment} step={{ name: "payment", checkout }}>
      {checkout.amountDue.minor === 0 ? (
        <p>{t.noCardNeeded}</p>
      ) : isAgent ? (
        <p className="notice">{t.agentNoCard}</p>
      ) : (
        <>
          {checkout.payment ? (
            <p>{format(t.cardOnFile, { brand: cardBrandName(checkout.payment.brand), last4: checkout.payment.last4, expiry: checkout.payment.expiry })}</p>
          ) : null}
          <details className="checkout-card" open={!checkout.payment || problem !== undefined}>
            <summary>{checkout.payment ? t.changeCard : t.useCard}</summary>
            <Form method="post" preventScrollReset className="checkout-form" autoComplete="on">
              <input type="hidden" name="intent" value="card" />
              <FormMessage state={problem} />
              <Field form="card" name="cardNumber" label={t.cardNumber} autoComplete="cc-number" required state={problem} />
              <Field form="card" name="holder" label={t.cardHolder} autoComplete="cc-name" required state={problem} />
              <Field form="card" name="expiry" label={t.expiry} autoComplete="cc-exp" required state={problem} />
              <Field form="card" name="cvc" label={t.cvc} autoComplete="cc-csc" required state={problem} />
              <Field
                form="card"
                name="billingPostalCode"
                label={t.billingPostalCode}
                autoComplete="billing postal-code"
                required
                defaultValue={checkout.deliveryAddress?.postalCode}
                state={problem}
              />
              <p className="field__hint">{t.testCards}</p>
              <SubmitButton>{t.useCard}</SubmitButton>
            </Form>
          </details>
        </>
      )}
    </CheckoutSection>
  );
}
