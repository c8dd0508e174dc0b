import { Form } from "react-router";
import { FormMessage, type FormProblem, SubmitButton } from "../FormFields";
import { useCheckoutText } from "./CheckoutSection";

/** Why the shopper is back at checkout from PayPal without an order (the return route's `?paypal=`). */
export type PaypalNotice = "cancelled" | "declined" | "changed" | "failed";

/**
 * PayPal beside the card (decision 082), where the store takes it: a plain form that posts to the
 * checkout, which sends the shopper to PayPal to approve; they come back to an order, or here with
 * a sentence saying why not.
 */
export function PaypalCheckout({ problem, notice }: { problem: FormProblem | undefined; notice: PaypalNotice | undefined }) {
  const { t } = useCheckoutText();
  return (
    <div className="checkout-wallets" id="paypal">
      {notice ? (
        <p className="form-error" role="alert">
          {t[`paypal_${notice}`]}
        </p>
      ) : null}
      <p>{t.paypalOr}</p>
      <Form method="post" className="checkout-form">
        <input type="hidden" name="intent" value="paypal" />
        <FormMessage state={problem} />
        <SubmitButton secondary>{t.payWithPaypal}</SubmitButton>
      </Form>
    </div>
  );
}
