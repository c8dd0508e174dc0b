import type { Checkout } from "../../../commerce/contract/checkout";
import { taxLineText } from "../../brands/pricing-labels";
import { LineRecipe } from "../LineRecipe";
import { MonthlyBoxLine } from "../MonthlyBoxLine";
import { SubtotalLines, TotalLine } from "../TotalLines";
import { useCheckoutText } from "./CheckoutSection";

/**
 * The order summary beside the sections: the lines with their pictures, and the totals as the
 * service priced them. On a phone it comes first and folds to one line with the total (a tap
 * opens it); wider, the stylesheet keeps it open.
 */
export function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  const { lang, t, box: boxTexts, pricing, locale } = useCheckoutText();
  const { cart } = checkout;
  const box = cart.monthlyBox;
  return (
    <aside className="checkout-summary" aria-labelledby="summary-heading">
      <details className="checkout-summary__fold">
        <summary className="checkout-summary__head">
          <h2 id="summary-heading">
            {t.orderSummary} <span className="checkout-summary__count">({cart.totalUnitCount})</span>
          </h2>
          <strong className="checkout-summary__total">{checkout.totalPriceWithTax.formattedValue}</strong>
        </summary>
        <ul className="checkout-summary__lines" aria-label={t.items}>
          {box ? (
            <li className="checkout-summary__box">
              <span className="checkout-summary__picture" />
              <span className="checkout-summary__name">
                <MonthlyBoxLine box={box} t={boxTexts} lang={lang} />
              </span>
              <span className="checkout-summary__amount">{box.price.formattedValue}</span>
            </li>
          ) : null}
          {cart.entries
            .filter((e) => !box?.entryNumbers.includes(e.entryNumber))
            .map((e) => (
              <li key={e.entryNumber}>
                <span className="checkout-summary__picture">
                  {e.product.image ? <img src={e.product.image} alt="" width={48} height={48} loading="lazy" /> : null}
                </span>
                <span className="checkout-summary__name">
                  {e.quantity} × {e.product.name}
                  {e.product.packLabel ? ` · ${e.product.packLabel}` : ""}
                  <LineRecipe recipe={e.recipe} />
                </span>
                <span className="checkout-summary__amount">{e.totalPrice.formattedValue}</span>
              </li>
            ))}
        </ul>
        <dl className="cart-totals">
          <SubtotalLines subtotal={cart.subTotal} discounts={cart.totalDiscounts} t={t} />
          <TotalLine
            label={t.delivery}
            amount={checkout.deliveryMode ? (checkout.deliveryCost.minor === 0 ? t.deliveryFree : checkout.deliveryCost.formattedValue) : t.deliveryNotChosen}
          />
          {checkout.taxLines.length > 0 ? (
            checkout.taxLines.map((l) => <TotalLine key={l.name} label={taxLineText(l, pricing, locale)} amount={l.amount.formattedValue} />)
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
      </details>
    </aside>
  );
}
