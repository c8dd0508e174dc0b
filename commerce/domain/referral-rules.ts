import { FRIEND_PERCENT_OFF, type ReferralState } from "../contract/referrals";
import type { ReferralTable } from "../db/referral-tables";
import { normalEmail } from "./account-rules";

/**
 * The referral rules, without the database (decision 074): whose address a member may invite,
 * what the member is shown of an invitation, and the friend's coupon.
 */

/** Points a member earns when a friend they invited places a first order. */
export const REFERRAL_POINTS = 500;
/** The friend's coupon (FRIEND_PERCENT_OFF off a first order) is usable once within this many days of the invitation. */
export const FRIEND_COUPON_DAYS = 60;
export { FRIEND_PERCENT_OFF };

/**
 * One mailbox under two spellings: case apart, and the "+tag" some mail services ignore
 * (me+friend@example.com reaches me@example.com), so a member cannot invite themselves.
 */
export function mailboxOf(email: string): string {
  const normal = normalEmail(email);
  const at = normal.lastIndexOf("@");
  if (at <= 0) return normal;
  const local = normal.slice(0, at).replace(/\+.*$/, "");
  return `${local}${normal.slice(at)}`;
}

export function isOwnAddress(memberEmail: string, friendEmail: string): boolean {
  return mailboxOf(memberEmail) === mailboxOf(friendEmail);
}

/**
 * What the member sees: an address that has an account is shown as sent, like any other, and
 * stays so: the member never learns that it has an account.
 */
export function visibleState(state: ReferralTable["state"]): ReferralState {
  return state === "notEligible" ? "sent" : state;
}

/** The friend's coupon code: a prefix a shopper recognises and 12 random hex digits. */
export function friendCouponCode(randomHex: string): string {
  return `FRIEND-${randomHex.toUpperCase()}`;
}
