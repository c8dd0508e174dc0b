import { describe, expect, it } from "vitest";
import { CartModificationSchema, CartSchema } from "../../commerce/contract/cart";
import { CheckoutSchema } from "../../commerce/contract/checkout";
import { ReferralCouponSchema, ReferralsSchema, ReferralSubmittedSchema } from "../../commerce/contract/referrals";
import { FRIEND_PERCENT_OFF, REFERRAL_POINTS } from "../../commerce/domain/referral-rules";
import { completeReferralForOrder, REFERRALS_PER_MEMBER } from "../../commerce/domain/referrals";
import { writeTransaction } from "../../commerce/db/write-transaction";
import type { Db } from "../../commerce/service";
import { commerceForSuite } from "../support/commerce";
import { guestToken, insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { APPROVED_CARD, NY_ADDRESS, plentifulCoffee, randomHex } from "../support/guest-checkout";
import { mailsTo } from "../support/mail";
import { firstError, restCaller } from "../support/rest";

const PASSWORD = "referrals-Test-password-1";

/**
 * Referrals (decision 074) under /rest/v2/{brand}/: submitReferral, the member's list, the
 * friend's link (referrals/claim) and the friend's first order, on both databases.
 */
describe.each(DIALECTS)("referrals API on %s", (dialect) => {
  // The store clock the end-to-end store runs on: it reads the database, so no write may read it inside its transaction.
  const suite = commerceForSuite(dialect, { STORE_CLOCK_MOVABLE: "true" });
  const db = () => suite.api().db;

  const call = restCaller(() => suite.api().baseUrl);
  const error = firstError;
  const newMember = async (options: { site?: string; perksMember?: boolean } = {}) => {
    const site = options.site ?? "usb2c";
    const email = `member-${randomHex(8)}@example.com`;
    const id = await insertAccount(db(), { email, password: PASSWORD, site, perksMember: options.perksMember ?? true });
    return { id, email, token: await passwordToken(suite.api().baseUrl, { email, password: PASSWORD, site }) };
  };
  const friendAddress = () => `friend-${randomHex(8)}@example.com`;
  const refer = (member: { token: string }, email: string, site = "usb2c") => call("POST", `/${site}/users/current/submitReferral`, member.token, { email });
  const listOf = async (member: { token: string }, site = "usb2c") => {
    const answer = await call("GET", `/${site}/users/current/referrals`, member.token);
    expect(answer.status).toBe(200);
    return ReferralsSchema.parse(answer.body);
  };
  /** The token in the invitation link mailed to the address (none: undefined). */
  const mailedToken = (email: string) =>
    mailsTo(suite.api().outbox, email)
      .map((m) => /\/referral\?token=([A-Za-z0-9_-]+)/.exec(m.replace(/=\r?\n/g, ""))?.[1])
      .find((t) => t !== undefined);
  const waitForToken = async (email: string) => {
    for (let i = 0; i < 50; i++) {
      const token = mailedToken(email);
      if (token) return token;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no invitation mailed to ${email}`);
  };
  const ledger = (customerId: string) =>
    db().selectFrom("loyalty_entry").select(["kind", "points", "order_code"]).where("customer_id", "=", customerId).orderBy("id").execute();

  /** A guest's cart with the coupon on it, up to the card; `place` places it with a checkout key. */
  const guestOrderWithCoupon = async (couponCode: string | undefined, email: string) => {
    const guest = await guestToken(suite.api().baseUrl, suite.api().config.auth.guestClient);
    const added = await call("POST", "/usb2c/users/anonymous/addProductToCart", undefined, { productCode: await plentifulCoffee(db()), qty: 2 });
    const guid = CartModificationSchema.parse(added.body).cartGuid;
    if (couponCode) {
      const applied = await call("POST", "/usb2c/users/anonymous/applyCoupon", undefined, { couponCode, cartGuid: guid });
      expect(applied.status).toBe(200);
      expect(CartSchema.parse(applied.body).appliedCoupons.map((c) => c.code)).toEqual([couponCode]);
    }
    const cart = `/usb2c/users/anonymous/carts/${guid}`;
    expect((await call("PUT", `${cart}/email`, guest, { email })).status).toBe(200);
    const withAddress = await call("POST", `${cart}/addresses/delivery`, guest, { address: NY_ADDRESS });
    const standard = CheckoutSchema.parse(withAddress.body).deliveryModes.find((m) => m.code === "standard")!;
    expect((await call("PUT", `${cart}/updateDeliveryDetails`, guest, { deliveryModeId: standard.code, deliveryCost: standard.costMinor })).status).toBe(200);
    expect((await call("POST", `${cart}/paymentdetails`, guest, APPROVED_CARD)).status).toBe(201);
    const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, guest)).body);
    const place = (checkoutKey: string) =>
      call("POST", `/usb2c/users/anonymous/orders?cartId=${guid}`, guest, {
        checkoutKey,
        expectedTotal: checkout.totalPriceWithTax.minor,
        expectedAmountDue: checkout.amountDue.minor,
      });
    return { checkout, place };
  };

  describe("submitReferral: a member invites a friend's address", () => {
    it("mails the friend a link and lists the invitation as sent", async () => {
      const member = await newMember();
      const friend = friendAddress();
      const answer = await refer(member, `  ${friend.toUpperCase()} `);
      expect(answer.status).toBe(201);
      expect(ReferralSubmittedSchema.parse(answer.body)).toEqual({ email: friend, state: "sent" });
      expect(await waitForToken(friend)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const list = await listOf(member);
      expect(list.referrals).toEqual([expect.objectContaining({ email: friend, state: "sent", completedOn: null, pointsAwarded: 0 })]);
      expect(list).toMatchObject({ pointsPerFriend: REFERRAL_POINTS, friendPercentOff: FRIEND_PERCENT_OFF, earnsPoints: true });
    });

    it("keeps only the token's hash: the mailed token is nowhere in the database", async () => {
      const member = await newMember();
      const friend = friendAddress();
      expect((await refer(member, friend)).status).toBe(201);
      const token = await waitForToken(friend);
      const row = await db().selectFrom("referral").selectAll().where("email", "=", friend).executeTakeFirstOrThrow();
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it("answers an address that has an account exactly as any other, mails it nothing, and never gives it a coupon", async () => {
      const member = await newMember();
      const existing = await newMember({ perksMember: false });
      const stranger = friendAddress();
      const toExisting = await refer(member, existing.email);
      const toStranger = await refer(member, stranger);
      expect(toExisting.status).toBe(toStranger.status);
      expect(Object.keys(toExisting.body).sort()).toEqual(Object.keys(toStranger.body).sort());
      expect(toExisting.body).toEqual({ email: existing.email, state: "sent" });
      await waitForToken(stranger);
      expect(mailsTo(suite.api().outbox, existing.email)).toEqual([]);
      const states = Object.fromEntries((await listOf(member)).referrals.map((r) => [r.email, r.state]));
      expect(states).toEqual({ [existing.email]: "sent", [stranger]: "sent" });
      const row = await db().selectFrom("referral").selectAll().where("email", "=", existing.email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: "notEligible", coupon_id: null });
    });

    it("refuses the member's own address, in any case or with a +tag, saying why, and writes nothing", async () => {
      const member = await newMember();
      const [local, domain] = member.email.split("@");
      for (const own of [member.email, member.email.toUpperCase(), `${local}+friend@${domain}`]) {
        const answer = await refer(member, own);
        expect(answer.status, own).toBe(400);
        expect(error(answer)).toMatchObject({ type: "ReferralError", reason: "self", subject: "email" });
        expect(error(answer)!.message).toMatch(/can't refer yourself/);
      }
      expect((await listOf(member)).referrals).toEqual([]);
    });

    it("says so in French on the Canadian store", async () => {
      const member = await newMember({ site: "cab2c" });
      const answer = await call("POST", "/cab2c/users/current/submitReferral?lang=fr", member.token, { email: member.email });
      expect(answer.status).toBe(400);
      expect(error(answer)!.message).toMatch(/Vous ne pouvez pas vous parrainer/);
    });

    it("refuses input that is not an e-mail address with 400 naming the field, never 5xx, and writes nothing", async () => {
      const member = await newMember();
      for (const body of [
        {},
        { email: "" },
        { email: "not-an-address" },
        { email: `${"x".repeat(250)}@example.com` },
        { email: 12 },
        { email: ["a@example.com"] },
      ]) {
        const answer = await call("POST", "/usb2c/users/current/submitReferral", member.token, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(error(answer)?.subject).toBe("email");
      }
      expect((await listOf(member)).referrals).toEqual([]);
    });

    it("asks for a signed-in member: a guest is refused 401", async () => {
      expect((await call("POST", "/usb2c/users/anonymous/submitReferral", undefined, { email: friendAddress() })).status).toBe(401);
    });

    it("sends one invitation per address: inviting it again answers the same and mails nothing more", async () => {
      const member = await newMember();
      const friend = friendAddress();
      expect((await refer(member, friend)).status).toBe(201);
      await waitForToken(friend);
      expect((await refer(member, friend)).body).toEqual({ email: friend, state: "sent" });
      await new Promise((r) => setTimeout(r, 300));
      expect(mailsTo(suite.api().outbox, friend)).toHaveLength(1);
      expect((await listOf(member)).referrals).toHaveLength(1);
    });

    it("limits a member's invitations a day: past the limit 429 with Retry-After, and nothing sent", async () => {
      const member = await newMember();
      for (let i = 0; i < REFERRALS_PER_MEMBER.points; i++) expect((await refer(member, friendAddress())).status).toBe(201);
      const late = friendAddress();
      const res = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/users/current/submitReferral`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${member.token}` },
        body: JSON.stringify({ email: late }),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await listOf(member)).referrals.map((r) => r.email)).not.toContain(late);
      // Another member is not held back by it.
      expect((await refer(await newMember(), friendAddress())).status).toBe(201);
    });
  });

  describe("the member's list", () => {
    it("holds only the member's own invitations; another customer's account answers 404", async () => {
      const one = await newMember();
      const other = await newMember();
      const friend = friendAddress();
      expect((await refer(one, friend)).status).toBe(201);
      expect((await listOf(other)).referrals).toEqual([]);
      expect((await call("GET", `/usb2c/users/${one.id}/referrals`, other.token)).status).toBe(404);
      // Nor another store's: the Canadian list of the same account is empty.
      expect((await listOf(one)).referrals.map((r) => r.email)).toEqual([friend]);
    });
  });

  describe("the friend's link and first order", () => {
    it("gives the friend a first-order coupon; their first order completes the invitation and earns the member the points, once, in the order's transaction", async () => {
      const member = await newMember();
      const friend = friendAddress();
      expect((await refer(member, friend)).status).toBe(201);
      const token = await waitForToken(friend);

      const claimed = await call("POST", "/usb2c/referrals/claim", undefined, { token });
      expect(claimed.status).toBe(200);
      const coupon = ReferralCouponSchema.parse(claimed.body);
      expect(coupon.code).toMatch(/^FRIEND-[0-9A-F]{12}$/);
      expect(coupon.description).toMatch(new RegExp(`${FRIEND_PERCENT_OFF}%`));
      expect((await listOf(member)).referrals[0]).toMatchObject({ state: "joined", pointsAwarded: 0 });

      const order = await guestOrderWithCoupon(coupon.code, friend);
      expect(order.checkout.cart.totalDiscounts.minor).toBeGreaterThan(0);
      const before = await ledger(member.id);
      // A double submit: the same key twice at once, then once more.
      const key = randomHex(32);
      const [first, second] = await Promise.all([order.place(key), order.place(key)]);
      expect([first.status, second.status].sort()).toEqual([201, 201]);
      expect(first.body.code).toBe(second.body.code);
      expect((await order.place(key)).body.code).toBe(first.body.code);

      const earned = (await ledger(member.id)).slice(before.length);
      expect(earned).toEqual([{ kind: "referral", points: REFERRAL_POINTS, order_code: first.body.code }]);
      const [listed] = (await listOf(member)).referrals;
      expect(listed).toMatchObject({ email: friend, state: "completed", pointsAwarded: REFERRAL_POINTS });
      expect(listed!.completedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The points history names the entry without the friend's order number.
      const today = new Date().toISOString().slice(0, 10);
      const history = await fetch(`${suite.api().baseUrl}/rest/v1/lms/usb2c/fetchLoyaltyPointsHistory?startDate=${today}&endDate=${today}`, {
        headers: { Authorization: `Bearer ${member.token}` },
      });
      expect(history.status).toBe(200);
      const text = await history.text();
      expect(text).toContain("A friend you referred placed their first order");
      expect(text).not.toContain(String(first.body.code));
    });

    it("completes with the order's transaction or not at all, and only once for one order", async () => {
      const member = await newMember();
      const friend = friendAddress();
      expect((await refer(member, friend)).status).toBe(201);
      const coupon = ReferralCouponSchema.parse((await call("POST", "/usb2c/referrals/claim", undefined, { token: await waitForToken(friend) })).body);
      const { id: couponId } = await db().selectFrom("coupon").select("id").where("code", "=", coupon.code).executeTakeFirstOrThrow();
      const orderCode = String(9_000_000_000 + Math.floor(Math.random() * 999_999_999));
      const redeemAndComplete = (trx: Db) =>
        trx
          .insertInto("coupon_redemption")
          .values({ coupon_id: couponId, order_code: orderCode, customer_id: null, email: friend, redeemed_at: new Date().toISOString() })
          .execute()
          .then(() => completeReferralForOrder(trx, { site: "usb2c", orderCode, now: new Date() }));

      // The order's transaction fails after the referral's step: nothing of it stays.
      await expect(
        writeTransaction(db(), async (trx) => {
          expect(await redeemAndComplete(trx)).toEqual({ referrerId: member.id, points: REFERRAL_POINTS });
          throw new Error("the order could not be written");
        }),
      ).rejects.toThrow("the order could not be written");
      expect(await ledger(member.id)).toEqual([]);
      expect((await listOf(member)).referrals[0]).toMatchObject({ state: "joined", pointsAwarded: 0 });

      await writeTransaction(db(), redeemAndComplete);
      // The same order's step again (a placement run twice) finds it completed.
      expect(await writeTransaction(db(), (trx) => completeReferralForOrder(trx, { site: "usb2c", orderCode, now: new Date() }))).toBeNull();
      expect(await ledger(member.id)).toEqual([{ kind: "referral", points: REFERRAL_POINTS, order_code: orderCode }]);
    });

    it("credits no points to a member who is not in perks, though the invitation completes", async () => {
      const member = await newMember({ perksMember: false });
      const friend = friendAddress();
      expect((await refer(member, friend)).status).toBe(201);
      const coupon = ReferralCouponSchema.parse((await call("POST", "/usb2c/referrals/claim", undefined, { token: await waitForToken(friend) })).body);
      const order = await guestOrderWithCoupon(coupon.code, friend);
      expect((await order.place(randomHex(32))).status).toBe(201);
      expect(await ledger(member.id)).toEqual([]);
      expect((await listOf(member)).referrals[0]).toMatchObject({ state: "completed", pointsAwarded: 0 });
      expect((await listOf(member)).earnsPoints).toBe(false);
    });

    it("refuses the coupon on an order by a shopper who has ordered before: 400 firstOrderOnly, no order, no points", async () => {
      const member = await newMember();
      const friend = friendAddress();
      expect((await refer(member, friend)).status).toBe(201);
      const coupon = ReferralCouponSchema.parse((await call("POST", "/usb2c/referrals/claim", undefined, { token: await waitForToken(friend) })).body);
      // The friend orders once without the coupon first.
      expect((await (await guestOrderWithCoupon(undefined, friend)).place(randomHex(32))).status).toBe(201);
      const second = await guestOrderWithCoupon(coupon.code, friend.toUpperCase());
      const refused = await second.place(randomHex(32));
      expect(refused.status).toBe(400);
      expect(error(refused)).toMatchObject({ type: "CouponError", reason: "firstOrderOnly" });
      expect(await ledger(member.id)).toEqual([]);
      expect((await listOf(member)).referrals[0]).toMatchObject({ state: "joined", pointsAwarded: 0 });
    });

    it("answers 404 for a token that is no invitation, another store's, or an address that has an account; 400 for one that cannot be a token", async () => {
      const member = await newMember();
      const friend = friendAddress();
      expect((await refer(member, friend)).status).toBe(201);
      const token = await waitForToken(friend);
      expect((await call("POST", "/usb2c/referrals/claim", undefined, { token: "A".repeat(43) })).status).toBe(404);
      expect((await call("POST", "/cab2c/referrals/claim", undefined, { token })).status).toBe(404);
      for (const body of [{}, { token: "" }, { token: "short" }, { token: "<script>alert(1)</script>xxxxxxxxxxxxxxx" }, { token: 5 }]) {
        const answer = await call("POST", "/usb2c/referrals/claim", undefined, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(error(answer)?.subject).toBe("token");
      }
      expect((await listOf(member)).referrals[0]!.state).toBe("sent");
    });
  });
});
