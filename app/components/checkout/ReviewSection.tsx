import { Form } from "react-router";
import { expectedPriceList } from "../../../commerce/contract/expected-prices";
import { colon } from "../../../lib/format";
import { format } from "../../brands/locale";
import { FormMessage } from "../FormFields";
import { PLACE_ORDER_FORM } from "./AutoDeliverySection";
import { CheckoutSection, type SectionProps, useCheckoutText } from "./CheckoutSection";

/**
 * 5. Review: what is still missing, the total, and the button. The form sends back the total the
 * shopper saw and this page view's key, so a changed total stops the order and a second click
 * finds the first order.
 */
export function ReviewSection({ checkout, problem, checkoutKey }: SectionProps & { checkoutKey: string }) {
  const { t, locale } = useCheckoutText();
  return (
    <CheckoutSection id="review" headingId="review-heading" title={t.stepReview}>
      <FormMessage state={problem} />
      {checkout.missing.length > 0 ? (
        <p className="notice">{format(t.stillMissing, { steps: checkout.missing.map((m) => t[`missing_${m}`]).join(", ") })}</p>
      ) : null}
      <Form method="post" className="checkout-form" id={PLACE_ORDER_FORM}>
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="checkoutKey" value={checkoutKey} />
        <input type="hidden" name="expectedTotal" value={checkout.totalPriceWithTax.minor} />
        <input type="hidden" name="expectedAmountDue" value={checkout.amountDue.minor} />
        <input type="hidden" name="expectedPrices" value={expectedPriceList(checkout.cart.entries)} />
        <p className="checkout-review__total">
          {t.total}
          {colon(locale)}
          <strong>{checkout.totalPriceWithTax.formattedValue}</strong>
        </p>
        <button type="submit" className="button button--primary" disabled={checkout.missing.length > 0}>
          {t.placeOrder}
        </button>
        <p className="field__hint">{t.placeOrderNote}</p>
      </Form>
    </CheckoutSection>
  );
}
