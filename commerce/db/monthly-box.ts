import type { Insertable, Selectable } from "kysely";
import type { MonthlyBoxTable } from "./campaign-tables";
import { allCampaigns, type CampaignRow, insertCampaigns, type NewCampaign } from "./campaigns";
import type { Db } from "./index";

/** The monthly fixed-price box's queries (decision 062). */

export type MonthlyBoxRow = CampaignRow & Selectable<MonthlyBoxTable> & { prices: Record<string, number> };
export type NewMonthlyBox = NewCampaign & Omit<Insertable<MonthlyBoxTable>, "campaign_id"> & { prices: Readonly<Record<string, number>> };

/** Every monthly box with its stores, size and prices, by id. */
export async function allMonthlyBoxes(db: Db): Promise<MonthlyBoxRow[]> {
  const [campaigns, boxes, prices] = await Promise.all([
    allCampaigns(db, "monthlyBox"),
    db.selectFrom("monthly_box").selectAll().execute(),
    db.selectFrom("monthly_box_price").selectAll().execute(),
  ]);
  return campaigns.flatMap((c) => {
    const box = boxes.find((b) => b.campaign_id === c.id);
    if (!box) return [];
    const own = prices.filter((p) => p.campaign_id === c.id).map((p) => [p.currency, p.minor] as const);
    return [{ ...c, ...box, prices: Object.fromEntries(own) }];
  });
}

/** Adds the monthly boxes that are missing (by id), with their stores, size and prices; existing ones are left as they are. */
export async function insertMonthlyBoxes(db: Db, boxes: readonly NewMonthlyBox[]): Promise<void> {
  if (boxes.length === 0) return;
  await insertCampaigns(
    db,
    boxes.map(({ box_pods: _b, pack_size: _p, select_count: _s, prices: _prices, ...c }) => ({ ...c, kind: "monthlyBox" })),
  );
  await db
    .insertInto("monthly_box")
    .values(boxes.map((b) => ({ campaign_id: b.id, box_pods: b.box_pods, pack_size: b.pack_size, select_count: b.select_count })))
    .onConflict((oc) => oc.column("campaign_id").doNothing())
    .execute();
  await db
    .insertInto("monthly_box_price")
    .values(boxes.flatMap((b) => Object.entries(b.prices).map(([currency, minor]) => ({ campaign_id: b.id, currency, minor }))))
    .onConflict((oc) => oc.columns(["campaign_id", "currency"]).doNothing())
    .execute();
}

/** A K-Cup box a month's selection may offer, as the rules read it. */
export interface MonthlyCandidateRow {
  code: string;
  base_code: string | null;
  brand_code: string;
  brand_name: string;
  product_type: string;
  pack_type: string | null;
  pack_size: number | null;
  is_bundle: number;
  flags: string;
}

/** The site's K-Cup variants of this pack size (coffee, tea and cocoa), by code: what a month's selection is drawn from. */
export function monthlyCandidates(db: Db, site: string, packSize: number): Promise<MonthlyCandidateRow[]> {
  return db
    .selectFrom("product")
    .innerJoin("product_site", "product_site.product_code", "product.code")
    .select([
      "product.code",
      "product.base_code",
      "product.brand_code",
      "product.brand_name",
      "product.product_type",
      "product.pack_type",
      "product.pack_size",
      "product.is_bundle",
      "product.flags",
    ])
    .where("product_site.site", "=", site)
    .where("product.pack_type", "=", "KCup")
    .where("product.pack_size", "=", packSize)
    .where("product.product_type", "in", ["Coffee", "Tea", "Cocoa"])
    .orderBy("product.code")
    .execute();
}

/** The names of these categories in one language, by code. */
export async function categoryNames(db: Db, codes: readonly string[], lang: string): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom("category_text").select(["category_code", "name"]).where("category_code", "in", codes).where("lang", "=", lang).execute();
  return new Map(rows.map((r) => [r.category_code, r.name]));
}

/** A month's saved picks of a box subscription, in the order they were saved. */
export async function picksOf(db: Db, subscriptionId: number, month: string): Promise<{ code: string; quantity: number }[]> {
  const rows = await db
    .selectFrom("monthly_box_pick")
    .select(["product_code", "quantity"])
    .where("subscription_id", "=", subscriptionId)
    .where("month", "=", month)
    .orderBy("product_code")
    .execute();
  return rows.map((r) => ({ code: r.product_code, quantity: r.quantity }));
}

/** The latest month before `month` with saved picks, and those picks; null when there is none. */
export async function latestPicksBefore(
  db: Db,
  subscriptionId: number,
  month: string,
): Promise<{ month: string; picks: { code: string; quantity: number }[] } | null> {
  const latest = await db
    .selectFrom("monthly_box_pick")
    .select("month")
    .where("subscription_id", "=", subscriptionId)
    .where("month", "<", month)
    .orderBy("month", "desc")
    .limit(1)
    .executeTakeFirst();
  return latest ? { month: latest.month, picks: await picksOf(db, subscriptionId, latest.month) } : null;
}

/** A month's picks replaced by these. */
export async function savePicks(
  trx: Db,
  subscriptionId: number,
  month: string,
  picks: readonly { code: string; quantity: number }[],
  at: string,
): Promise<void> {
  await trx.deleteFrom("monthly_box_pick").where("subscription_id", "=", subscriptionId).where("month", "=", month).execute();
  if (picks.length === 0) return;
  await trx
    .insertInto("monthly_box_pick")
    .values(picks.map((p) => ({ subscription_id: subscriptionId, month, product_code: p.code, quantity: p.quantity, updated_at: at })))
    .execute();
}

/** Takes a monthly box's lines off a cart (a new box replaces them). */
export async function deleteBoxEntries(trx: Db, cartId: number): Promise<number> {
  const result = await trx.deleteFrom("cart_entry").where("cart_id", "=", cartId).where("campaign_role", "=", "pick").executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A monthly box's line on a cart: a one-off entry (STD) sold in the box's campaign with the role `pick`. */
export async function insertBoxEntry(
  trx: Db,
  entry: { cartId: number; entryNumber: number; code: string; quantity: number; campaignId: number },
  at: string,
): Promise<void> {
  await trx
    .insertInto("cart_entry")
    .values({
      cart_id: entry.cartId,
      entry_number: entry.entryNumber,
      product_code: entry.code,
      quantity: entry.quantity,
      entry_type: "STD",
      pods_at_home_qty: null,
      campaign_id: entry.campaignId,
      campaign_role: "pick",
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** The order that shipped a subscription's box of `month` (its delivery record), if any. */
export async function boxOrderOf(db: Db, subscriptionId: number, month: string): Promise<string | null> {
  const row = await db
    .selectFrom("subscription_order")
    .select("order_code")
    .where("subscription_id", "=", subscriptionId)
    .where("delivery_date", ">=", `${month}-01`)
    .where("delivery_date", "<=", `${month}-31`)
    .where("order_code", "is not", null)
    .executeTakeFirst();
  return row?.order_code ?? null;
}
