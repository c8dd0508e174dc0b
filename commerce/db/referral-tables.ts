import type { Generated } from "kysely";

/** A member's invitation of a friend (decision 074). */
export interface ReferralTable {
  id: Generated<number>;
  site: string;
  /** The language the member wrote in: the friend's mail is in it. */
  lang: string;
  referrer_id: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** SHA-256 of the mailed link's token, hex: the token itself is never stored. */
  token_hash: string;
  state: "sent" | "joined" | "completed" | "notEligible";
  coupon_id: number | null;
  /** The friend's first order, which completed it. */
  order_code: string | null;
  points_awarded: Generated<number>;
  created_at: string;
  joined_at: string | null;
  completed_at: string | null;
}

export interface ReferralTables {
  referral: ReferralTable;
}
