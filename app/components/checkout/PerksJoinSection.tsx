import { Form } from "react-router";
import type { Checkout } from "../../../commerce/contract/checkout";
import { format } from "../../brands/locale";
import { useCheckoutText } from "./CheckoutSection";

/**
 * "Join perks and earn N points on this order", for a shopper who is not a member yet, where the
 * store has perks. A guest who joins collects the points by making the account from the
 * confirmation page; a signed-in customer joins at once.
 */
export function PerksJoinSection({ perks }: { perks: NonNullable<Checkout["perks"]> }) {
  const { perksTexts: t } = useCheckoutText();
  if (perks.member) return <p className="notice perks-earns">{format(t.orderEarns, { points: perks.pointsToEarn })}</p>;
  return (
    <Form method="post" className="checkout-form perks-join">
      <input type="hidden" name="intent" value="perksJoin" />
      <input type="hidden" name="join" value={perks.join ? "false" : "true"} />
      {perks.join ? (
        <p className="notice">
          {format(t.joinedAtCheckout, { points: perks.pointsToEarn })}{" "}
          <button type="submit" className="link-button">
            {t.cancel}
          </button>
        </p>
      ) : (
        <button type="submit" className="button button--secondary">
          {format(t.joinAtCheckout, { points: perks.pointsToEarn })}
        </button>
      )}
    </Form>
  );
}
