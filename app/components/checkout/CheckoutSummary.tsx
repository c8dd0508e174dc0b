import type { Checkout } from "../../../commerce/contract/checkout";
import { taxLineLabel } from "../../brands/checkout-pricing-messages";
import { SubtotalLines, TotalLine } from "../TotalLines";
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
        <SubtotalLines subtotal={cart.subTotal} discounts={cart.totalDiscounts} t={t} />
        <TotalLine
          label={t.delivery}
          amount={checkout.deliveryMode ? (checkout.deliveryCost.minor === 0 ? t.deliveryFree : checkout.deliveryCost.formattedValue) : t.deliveryNotChosen}
        />
        {checkout.taxLines.length > 0 ? (
          checkout.taxLines.map((l) => <TotalLine key={l.name} label={taxLineLabel(l, lang, brand.id)} amount={l.amount.formattedValue} />)
        ) : (
          <TotalLine label={t.tax} amount={checkout.deliveryAddress ? checkout.totalTax.formattedValue : t.taxNotKnown} />
        )}
        <TotalLine label={t.total} amount={checkout.totalPriceWithTax.formattedValue} total />
        {checkout.giftCardAmount.minor > 0 ? (
          <>
            <TotalLine label={t.giftCards} amount={`−${checkout.giftCardAmount.formattedValue}`} />
            <TotalLine label={t.amountDue} amount={checkout.amountDue.formattedValue} />
          </>
        ) : null}
      </dl>
    </aside>
  );
}
