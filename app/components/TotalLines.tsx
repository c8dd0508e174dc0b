/** An amount as the totals show it: what the service formatted, and whether it is zero. */
interface Amount {
  minor: number;
  formattedValue: string;
}

/** One label and amount of a totals list (`<dl className="cart-totals">`); the total itself in bold. */
export function TotalLine({ label, amount, total = false }: { label: string; amount: string; total?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{total ? <strong>{amount}</strong> : amount}</dd>
    </>
  );
}

/** The subtotal, then the discounts (with their codes, where given) when there are any: how the cart's, the checkout's and an order's totals begin. */
export function SubtotalLines({
  subtotal,
  discounts,
  codes = [],
  t,
}: {
  subtotal: Amount;
  discounts: Amount;
  codes?: readonly string[];
  t: { subtotal: string; discounts: string };
}) {
  return (
    <>
      <TotalLine label={t.subtotal} amount={subtotal.formattedValue} />
      {discounts.minor > 0 ? (
        <TotalLine label={codes.length > 0 ? `${t.discounts} (${codes.join(", ")})` : t.discounts} amount={`−${discounts.formattedValue}`} />
      ) : null}
    </>
  );
}
