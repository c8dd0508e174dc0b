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
