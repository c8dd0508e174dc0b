import type { Order } from "../../commerce/contract/checkout";
import type { BrandId, Lang } from "../../commerce/contract/common";
import type { CheckoutMessages } from "../brands/checkout-messages";
import { deliveryEstimateLabel, taxLineLabel } from "../brands/checkout-pricing-messages";
import { localeFor } from "../../commerce/contract/money";
import { cardBrandName, colon } from "../../lib/format";
import { format } from "../brands/locale";
import { AddressLines } from "./AddressLines";
import { LineRecipe } from "./LineRecipe";
import { SubtotalLines, TotalLine } from "./TotalLines";

/** A placed order as the confirmation page and the order history show it: lines, address, delivery and totals. */
export function OrderSummary({ order, t, lang, brand }: { order: Order; t: CheckoutMessages; lang: Lang; brand: BrandId }) {
  const a = order.deliveryAddress;
  const locale = localeFor(order.totalPriceWithTax.currencyIso, lang);
  return (
    <div className="order-summary">
      <section aria-labelledby="order-items-heading">
        <h2 id="order-items-heading">{t.orderItems}</h2>
        <table className="cart-table">
          <thead>
            <tr>
              <th scope="col">{t.items}</th>
              <th scope="col">{t.quantity}</th>
              <th scope="col">{t.total}</th>
            </tr>
          </thead>
          <tbody>
            {order.entries.map((e) => (
              <tr key={e.entryNumber}>
                <td>
                  {e.product.name}
                  {e.product.packLabel ? <span className="cart-table__pack"> · {e.product.packLabel}</span> : null}
                  <LineRecipe recipe={e.recipe} />
                </td>
                <td>{e.quantity}</td>
                <td>{e.totalPrice.formattedValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="order-summary__facts">
        <section aria-labelledby="order-address-heading">
          <h2 id="order-address-heading">{t.shipsTo}</h2>
          <AddressLines address={a} />
          <p>
            {order.deliveryMode.name} · {deliveryEstimateLabel(order.deliveryMode.estimate, lang, brand)}
          </p>
          {order.payment?.brand === "paypal" ? (
            <p>{t.paypalPaid}</p>
          ) : order.payment ? (
            <p>
              {t.paidWith}
              {colon(locale)}
              {format(t.cardOnFile, { brand: cardBrandName(order.payment.brand), last4: order.payment.last4, expiry: order.payment.expiry })}
            </p>
          ) : null}
        </section>
        <dl className="cart-totals" aria-label={t.orderSummary}>
          <SubtotalLines subtotal={order.subTotal} discounts={order.totalDiscounts} codes={order.discounts.map((d) => d.code)} t={t} />
          <TotalLine label={t.delivery} amount={order.deliveryCost.minor === 0 ? t.deliveryFree : order.deliveryCost.formattedValue} />
          {order.taxLines.map((l) => (
            <TotalLine key={l.name} label={taxLineLabel(l, lang, brand)} amount={l.amount.formattedValue} />
          ))}
          <TotalLine label={t.total} amount={order.totalPriceWithTax.formattedValue} total />
          {order.giftCardAmount.minor > 0 ? (
            <>
              <TotalLine label={t.giftCards} amount={`−${order.giftCardAmount.formattedValue}`} />
              <TotalLine label={t.amountDue} amount={order.paidByCard.formattedValue} />
            </>
          ) : null}
        </dl>
      </div>
    </div>
  );
}
