import type { BrandId } from "../contract/common";
import type { Db } from "../db/index";
import { insertRewards, type NewReward } from "../db/loyalty";

/** The stores with perks; the commercial store has none (its site configuration turns perks off). */
export const PERKS_SITES: readonly BrandId[] = ["usb2c", "cab2c"];

/** Points the demo perks member starts with: enough for any one reward, not for all of them at once. */
export const DEMO_MEMBER_POINTS = 2000;

const REWARDS: readonly Omit<NewReward, "site" | "created_at">[] = [
  {
    code: "FREE_SHIPPING",
    kind: "freeShipping",
    points: 300,
    amount_minor: null,
    name_en: "Free shipping",
    name_fr: "Livraison gratuite",
    description_en: "Free delivery on this order, whatever the method.",
    description_fr: "La livraison de cette commande est gratuite, quel que soit le mode.",
  },
  {
    code: "FIVE_OFF",
    kind: "amountOff",
    points: 500,
    amount_minor: 500,
    name_en: "$5 off your order",
    name_fr: "5 $ de rabais sur votre commande",
    description_en: "Five dollars off the merchandise of this order.",
    description_fr: "Cinq dollars de rabais sur les articles de cette commande.",
  },
  {
    code: "FREE_BOX",
    kind: "freeBox",
    points: 1500,
    amount_minor: null,
    name_en: "Free box of coffee",
    name_fr: "Boîte de café gratuite",
    description_en: "A box of one of our best-selling coffees (20, 22 or 24 pods), on us.",
    description_fr: "Une boîte de l'un de nos cafés les plus vendus (20, 22 ou 24 dosettes), offerte.",
  },
];

/** Adds the consumer stores' rewards that are missing. Safe to call on every start. */
export async function seedDemoRewards(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await insertRewards(
    db,
    PERKS_SITES.flatMap((site) => REWARDS.map((r) => ({ ...r, site, created_at: now }))),
  );
}
