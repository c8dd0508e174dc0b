import type { Lang } from "../../commerce/contract/common";
import type { CartMessages } from "../brands/cart-messages";
import { format } from "../brands/locale";
import { localePath } from "../lib/paths";

/** Said on the cart page when the checkout's review form was sent again after its order was placed. */
export function ResentOrderNotice({ code, t, lang }: { code: string; t: Pick<CartMessages, "orderAlreadyPlaced" | "seeOrder">; lang: Lang }) {
  return (
    <p className="notice" role="status" data-testid="order-already-placed">
      {t.orderAlreadyPlaced} <a href={localePath(lang, `/checkout/orderConfirmation/${code}`)}>{format(t.seeOrder, { code })}</a>
    </p>
  );
}
