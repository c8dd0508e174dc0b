import type { Generated } from "kysely";
import type { LedgerEntryKind, RewardKind } from "../contract/loyalty";

/** A reward of a brand's perks catalog. */
export interface RewardTable {
  id: Generated<number>;
  site: string;
  code: string;
  kind: RewardKind;
  points: number;
  /** amountOff: minor units off the merchandise. */
  amount_minor: number | null;
  name_en: string;
  name_fr: string;
  description_en: string;
  description_fr: string;
  active: Generated<number>;
  created_at: string;
}

/** One change of a member's points; the balance is their sum. */
export interface LoyaltyEntryTable {
  id: Generated<number>;
  site: string;
  customer_id: string;
  kind: LedgerEntryKind;
  /** Signed, never 0. */
  points: number;
  order_code: string | null;
  reward_code: string | null;
  note: Generated<string>;
  created_at: string;
}

/** A reward on a cart; a free box keeps its chosen item. */
export interface CartRewardTable {
  id: Generated<number>;
  cart_id: number;
  reward_id: number;
  product_code: string | null;
  created_at: string;
}

export interface LoyaltyTables {
  reward: RewardTable;
  loyalty_entry: LoyaltyEntryTable;
  cart_reward: CartRewardTable;
}
