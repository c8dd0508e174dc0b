import type { Checkout } from "../../../commerce/contract/checkout";
import { taxLineLabel } from "../../brands/checkout-pricing-messages";
import { useCheckoutText } from "./CheckoutSection";

/** The order summary beside the sections: the lines (folded), and the totals as the service priced them. */
export function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  const { lang, brand, t } = useCheckoutText();
  const { cart } = checkout;
  return (
    <aside className="checkout-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t.orderSummary}</h2>
      <details className="checkout-summary__lines">
        <summary>
          {t.items} ({cart.totalUnitCount})
        </summary>
        <ul>
          {cart.entries.map((e) => (
            <li key={e.entryNumber}>
              <span>
                {e.quantity} × {e.product.name}
                {e.product.packLabel ? ` · ${e.product.packLabel}` : ""}
              </span>
              <span>{e.totalPrice.formattedValue}</span>
            </li>
          ))}
        </ul>
      </details>
      <dl className="cart-totals">
        <dt>{t.subtotal}</dt>
        <dd>{cart.subTotal.formattedValue}</dd>
        {cart.totalDiscounts.minor > 0 ? (
          <>
            <dt>{t.discounts}</dt>
            <dd>−{cart.totalDiscounts.formattedValue}</dd>
          </>
        ) : null}
        <dt>{t.delivery}</dt>
        <dd>{checkout.deliveryMode ? (checkout.deliveryCost.minor === 0 ? t.deliveryFree : checkout.deliveryCost.formattedValue) : t.deliveryNotChosen}</dd>
        {checkout.taxLines.length > 0 ? (
          checkout.taxLines.map((l) => <Line key={l.name} label={taxLineLabel(l, lang, brand.id)} amount={l.amount.formattedValue} />)
        ) : (
          <Line label={t.tax} amount={checkout.deliveryAddress ? checkout.totalTax.formattedValue : t.taxNotKnown} />
        )}
        <dt>{t.total}</dt>
        <dd>
          <strong>{checkout.totalPriceWithTax.formattedValue}</strong>
        </dd>
        {checkout.giftCardAmount.minor > 0 ? (
          <>
            <Line label={t.giftCards} amount={`−${checkout.giftCardAmount.formattedValue}`} />
            <Line label={t.amountDue} amount={checkout.amountDue.formattedValue} />
          </>
        ) : null}
      </dl>
    </aside>
  );
}

function Line({ label, amount }: { label: string; amount: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </>
  );
}
