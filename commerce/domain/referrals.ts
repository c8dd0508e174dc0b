import { randomBytes } from "node:crypto";
import { formatLocale, formatPercent } from "../../lib/format";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import type { BrandFacts } from "../contract/brands";
import type { BrandId } from "../contract/common";
import type { Referral, ReferralCoupon, Referrals, ReferralSubmitted, SubmitReferralRequest } from "../contract/referrals";
import { findCustomer, findCustomerByEmail } from "../db/customers";
import type { Db } from "../db/index";
import { hasOrderEntry, insertLedgerEntry, lockMember } from "../db/loyalty";
import {
  couponById,
  insertFriendCoupon,
  insertReferral,
  lockOpenReferralsOfOrder,
  lockReferralByToken,
  markCompleted,
  markJoined,
  referralOf,
  referralsOf,
} from "../db/referrals";
import { writeTransaction } from "../db/write-transaction";
import { addDays, type Clock, dayOf } from "./clock";
import { confirmationUrl, hashToken } from "./email-confirmation";
import { ShopError, TooManyRequests } from "./errors";
import { type MailOutbox, queueMails } from "./mail-outbox";
import { perksSettings } from "./perks-settings";
import { referralMessagesFor } from "./referral-messages";
import { FRIEND_COUPON_DAYS, FRIEND_PERCENT_OFF, friendCouponCode, isOwnAddress, REFERRAL_POINTS, visibleState } from "./referral-rules";
import { normalEmail } from "./account-rules";
import type { ShopContext } from "./shop-context";
import { unavailableWhenBusy } from "./service-unavailable";

/** Invitations a member may send a day, and a caller address an hour: each one mails a stranger. */
export const REFERRALS_PER_MEMBER: RateLimitRule = { name: "referrals-member", points: 10, windowSeconds: 86_400 };
export const REFERRALS_PER_ADDRESS: RateLimitRule = { name: "referrals-address", points: 20, windowSeconds: 3600 };
/** Invitation links opened per caller address in ten minutes: plenty for a friend, a brake on guessing. */
export const REFERRAL_CLAIMS_PER_ADDRESS: RateLimitRule = { name: "referral-claims-address", points: 30, windowSeconds: 600 };

/** Where the friend's link leads, on the storefront (French under /fr/). */
export const REFERRAL_LINK_PATH = "/referral";

export interface ReferralDeps {
  db: Db;
  brands: Readonly<Record<BrandId, BrandFacts>>;
  outbox: MailOutbox;
  limits: RateLimits;
  clock: Clock;
}

/** Who is asking: the member and the caller's address, for counting invitations. */
export interface ReferralCaller {
  customerId: string;
  clientAddress: string | undefined;
}

/**
 * Referrals (decision 074): a member invites a friend's address; an address that has an account
 * gets nothing, and the member the same answer as for any other. The friend's link gives a coupon
 * only a first order may use; that order completes the invitation and earns the member points.
 */
export class ReferralService {
  constructor(private readonly deps: ReferralDeps) {}

  /** submitReferral: counts the invitation, refuses the member's own address, and mails the friend (in the same transaction). */
  async submit(ctx: ShopContext, caller: ReferralCaller, request: SubmitReferralRequest): Promise<ReferralSubmitted> {
    const { db, limits, brands, outbox } = this.deps;
    const verdict = await limits.hitAll([
      { rule: REFERRALS_PER_MEMBER, key: caller.customerId },
      ...(caller.clientAddress ? [{ rule: REFERRALS_PER_ADDRESS, key: caller.clientAddress }] : []),
    ]);
    if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterSeconds);
    const member = await findCustomer(db, caller.customerId);
    const email = normalEmail(request.email);
    if (!member || isOwnAddress(member.email, email)) {
      throw new ShopError("invalid", { type: "ReferralError", reason: "self", subject: "email", message: referralMessagesFor(ctx.lang, ctx.site).self });
    }
    // The clock is read before the transaction: a movable clock reads the database, which the transaction holds.
    const now = await this.deps.clock.now();
    const at = now.toISOString();
    const token = randomBytes(32).toString("base64url");
    const mailIds = await unavailableWhenBusy(() =>
      writeTransaction(db, async (trx) => {
        // Invited before: the same answer, and no second mail.
        if (await referralOf(trx, caller.customerId, ctx.site, email)) return [];
        const base = { site: ctx.site, lang: ctx.lang, referrer_id: caller.customerId, email, token_hash: hashToken(token), created_at: at };
        if (await findCustomerByEmail(trx, ctx.site, email)) {
          // Kept so the member's list shows it like any other invitation; nobody is mailed.
          await insertReferral(trx, { ...base, state: "notEligible", coupon_id: null, order_code: null, joined_at: null, completed_at: null });
          return [];
        }
        const code = friendCouponCode(randomBytes(6).toString("hex"));
        const percent = (lang: "en" | "fr") => formatPercent(FRIEND_PERCENT_OFF, lang === "fr" ? "fr-CA" : formatLocale("en", ctx.currency));
        const coupon = await insertFriendCoupon(trx, {
          site: ctx.site,
          code,
          description_en: referralMessagesFor("en", ctx.site).friendCoupon(percent("en")),
          description_fr: referralMessagesFor("fr", "cab2c").friendCoupon(percent("fr")),
          kind: "percentage",
          value: FRIEND_PERCENT_OFF,
          minimum_spend: 0,
          scope: "order",
          scope_codes: "",
          // Good from the moment it is given: the coupon rules read the system's time, which a moved store clock runs ahead of.
          starts_at: null,
          ends_at: `${addDays(dayOf(now), FRIEND_COUPON_DAYS)}T23:59:59.999Z`,
          max_uses: 1,
          max_uses_per_customer: 1,
          created_at: at,
          // Anyone holding the link may use it (the friend has no account yet), on a first order only.
          customer_id: null,
          first_order_only: 1,
        });
        await insertReferral(trx, { ...base, state: "sent", coupon_id: coupon.id, order_code: null, joined_at: null, completed_at: null });
        const store = brands[ctx.site];
        const url = confirmationUrl(store, ctx.lang, REFERRAL_LINK_PATH, token);
        const referrer = `${member.first_name} ${member.last_name}`.trim() || member.email;
        const mail = referralMessagesFor(ctx.lang, ctx.site).invitation({
          referrer,
          percent: percent(ctx.lang),
          url,
          days: FRIEND_COUPON_DAYS,
          store: store.name,
        });
        return queueMails(trx, "referral-invitation", [{ to: email, ...mail }]);
      }),
    );
    // Sent without waiting: an answer that waited for the mail server would be slower for a new
    // address than for one that has an account, and tell them apart. (Delivery never throws.)
    if (mailIds.length) void outbox.deliver({ ids: mailIds });
    return { email, state: "sent" };
  }

  /** The member's invitations on this store, newest first, as they may see them. */
  async list(ctx: ShopContext, customerId: string): Promise<Referrals> {
    const [rows, settings, member] = await Promise.all([
      referralsOf(this.deps.db, customerId, ctx.site),
      perksSettings(this.deps.db, ctx.site),
      findCustomer(this.deps.db, customerId),
    ]);
    return {
      referrals: rows.map((r): Referral => ({
        email: r.email,
        state: visibleState(r.state),
        sentOn: r.created_at.slice(0, 10),
        completedOn: r.completed_at?.slice(0, 10) ?? null,
        pointsAwarded: r.points_awarded,
      })),
      pointsPerFriend: settings.enabled ? REFERRAL_POINTS : 0,
      friendPercentOff: FRIEND_PERCENT_OFF,
      earnsPoints: settings.enabled && member?.perks_member === 1,
    };
  }

  /**
   * The friend opened their link: the invitation is joined and its coupon answered, for the
   * storefront to put on their cart. A token that is not one of this store's invitations answers
   * 404, and so does an address that has an account (it was never mailed a link).
   */
  async claim(ctx: ShopContext, clientAddress: string | undefined, token: string): Promise<ReferralCoupon> {
    const { db, limits } = this.deps;
    if (clientAddress) {
      const verdict = await limits.hit(REFERRAL_CLAIMS_PER_ADDRESS, clientAddress);
      if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterSeconds);
    }
    const at = (await this.deps.clock.now()).toISOString();
    const couponId = await unavailableWhenBusy(() =>
      writeTransaction(db, async (trx) => {
        const row = await lockReferralByToken(trx, hashToken(token));
        if (!row || row.site !== ctx.site || row.coupon_id === null) return null;
        await markJoined(trx, row.id, at);
        return row.coupon_id;
      }),
    );
    const coupon = couponId === null ? undefined : await couponById(db, couponId);
    if (!coupon) {
      throw new ShopError("notFound", {
        type: "UnknownIdentifierError",
        subject: "token",
        subjectType: "referral",
        message: referralMessagesFor(ctx.lang, ctx.site).invalidLink,
      });
    }
    return {
      code: coupon.code,
      description: ctx.lang === "fr" ? coupon.description_fr : coupon.description_en,
      validUntil: (coupon.ends_at ?? "").slice(0, 10),
    };
  }
}

/** What placing an order tells the referrals about it. */
export interface ReferralOrder {
  site: BrandId;
  orderCode: string;
  now: Date;
}

/**
 * Inside the order's write transaction, after its coupons were redeemed: the invitation whose
 * coupon the order used is completed by it, and its member earns the points (a perks member, on a
 * store with perks), once. The invitation is locked and completed only while no order has done it,
 * and the ledger's (member, kind, order) key is unique: a double submit earns nothing twice.
 */
export async function completeReferralForOrder(trx: Db, order: ReferralOrder): Promise<{ referrerId: string; points: number } | null> {
  const [row] = (await lockOpenReferralsOfOrder(trx, order.orderCode)).filter((r) => r.site === order.site);
  if (!row) return null;
  const settings = await perksSettings(trx, order.site);
  const member = await lockMember(trx, row.referrer_id);
  const points = settings.enabled && member?.perksMember ? REFERRAL_POINTS : 0;
  const at = order.now.toISOString();
  if (!(await markCompleted(trx, row.id, { orderCode: order.orderCode, points, at }))) return null;
  if (points > 0 && !(await hasOrderEntry(trx, row.referrer_id, "referral", order.orderCode))) {
    await insertLedgerEntry(trx, {
      site: order.site,
      customer_id: row.referrer_id,
      kind: "referral",
      points,
      order_code: order.orderCode,
      reward_code: null,
      created_at: at,
    });
  }
  return { referrerId: row.referrer_id, points };
}
