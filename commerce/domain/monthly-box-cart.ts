import type { CartMonthlyBox } from "../contract/monthly-box";
import type { CartEntryRow } from "../db/carts";
import type { Db } from "../db/index";
import { allMonthlyBoxes } from "../db/monthly-box";
import { type Clock, dayOf } from "./clock";
import { monthlyBoxMessagesFor } from "./monthly-box-messages";
import { boxPriceMinor, monthOf, spreadBoxPrice } from "./monthly-box-rules";
import { price } from "./pricing";
import type { ShopContext } from "./shop-context";

/**
 * A monthly box in a cart (decision 067): its lines are one-off entries sold in the box's campaign
 * with the role `pick`; together they cost the box's price, spread by spreadBoxPrice.
 */

/** What pricing a cart's box needs: read only for a cart that holds one. */
export interface CartBox {
  campaignId: number;
  name: string;
  /** The month the checkout's order ships: this month by the store's clock. */
  month: string;
  priceMinor: number;
  boxPods: number;
  packSize: number;
}

/** Whether a cart line is a monthly box's pick. */
export const isPick = (row: Pick<CartEntryRow, "campaign_role">): boolean => row.campaign_role === "pick";

/** The box of a cart's pick lines; undefined (and no query) for a cart without a box. */
export async function cartBoxFor(db: Db, clock: Clock, ctx: ShopContext, rows: readonly CartEntryRow[]): Promise<CartBox | undefined> {
  const pick = rows.find(isPick);
  if (!pick) return undefined;
  const box = (await allMonthlyBoxes(db)).find((b) => b.id === pick.campaign_id && b.sites.includes(ctx.site));
  const minor = box ? boxPriceMinor(box.prices, ctx.currency) : null;
  if (!box || minor === null) return undefined;
  return {
    campaignId: box.id,
    name: monthlyBoxMessagesFor(ctx.lang, ctx.site).name,
    month: monthOf(dayOf(await clock.now())),
    priceMinor: minor,
    boxPods: box.box_pods,
    packSize: box.pack_size,
  };
}

/** Each pick line's price (by entry number): the box's price spread over the lines in entry order. */
export function pickPrices(
  box: CartBox,
  picks: readonly Pick<CartEntryRow, "entry_number" | "quantity">[],
): Map<number, { unitMinor: number; totalMinor: number }> {
  const spread = spreadBoxPrice(
    box.priceMinor,
    picks.map((p) => p.quantity),
  );
  return new Map(picks.map((p, i) => [p.entry_number, spread[i]!]));
}

/** The cart's `monthlyBox` block. */
export function cartBoxView(
  ctx: ShopContext,
  box: CartBox,
  picks: readonly { entryNumber: number; code: string; name: string; quantity: number }[],
): CartMonthlyBox {
  const money = price(box.priceMinor, ctx.currency, ctx.lang);
  return {
    campaignId: box.campaignId,
    name: box.name,
    month: box.month,
    price: money,
    boxPods: box.boxPods,
    picks: picks.map((p) => ({ code: p.code, name: p.name, quantity: p.quantity, pods: p.quantity * box.packSize })),
    entryNumbers: picks.map((p) => p.entryNumber),
    deliveryIncluded: true,
    message: monthlyBoxMessagesFor(ctx.lang, ctx.site).subscription.inCart({ price: money.formattedValue, boxPods: box.boxPods }),
  };
}
