import type { Order } from "../../commerce/contract/checkout";
import type { BrandId, Lang } from "../../commerce/contract/common";
import type { CheckoutMessages } from "../brands/checkout-messages";
import { deliveryEstimateLabel, taxLineLabel } from "../brands/checkout-pricing-messages";
import { format } from "../brands/messages";
import { AddressLines } from "./AddressLines";

/** A placed order as the confirmation page and the order history show it: lines, address, delivery and totals. */
export function OrderSummary({ order, t, lang, brand }: { order: Order; t: CheckoutMessages; lang: Lang; brand: BrandId }) {
  const a = order.deliveryAddress;
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
          {order.payment ? (
            <p>
              {t.paidWith}: {format(t.cardOnFile, { brand: order.payment.brand, last4: order.payment.last4, expiry: order.payment.expiry })}
            </p>
          ) : null}
        </section>
        <dl className="cart-totals" aria-label={t.orderSummary}>
          <dt>{t.subtotal}</dt>
          <dd>{order.subTotal.formattedValue}</dd>
          {order.totalDiscounts.minor > 0 ? (
            <>
              <dt>
                {t.discounts}
                {order.discounts.length > 0 ? ` (${order.discounts.map((d) => d.code).join(", ")})` : ""}
              </dt>
              <dd>−{order.totalDiscounts.formattedValue}</dd>
            </>
          ) : null}
          <dt>{t.delivery}</dt>
          <dd>{order.deliveryCost.minor === 0 ? t.deliveryFree : order.deliveryCost.formattedValue}</dd>
          {order.taxLines.map((l) => (
            <TaxRow key={l.name} label={taxLineLabel(l, lang, brand)} amount={l.amount.formattedValue} />
          ))}
          <dt>{t.total}</dt>
          <dd>
            <strong>{order.totalPriceWithTax.formattedValue}</strong>
          </dd>
          {order.giftCardAmount.minor > 0 ? (
            <>
              <dt>{t.giftCards}</dt>
              <dd>−{order.giftCardAmount.formattedValue}</dd>
              <dt>{t.amountDue}</dt>
              <dd>{order.paidByCard.formattedValue}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </div>
  );
}

function TaxRow({ label, amount }: { label: string; amount: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </>
  );
}
