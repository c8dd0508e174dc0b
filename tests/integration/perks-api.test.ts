import { describe, expect, it } from "vitest";
import { CartModificationSchema, CartSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderSchema } from "../../commerce/contract/checkout";
import {
  AppliedRewardsSchema,
  LoyaltyDetailsSchema,
  LoyaltyHistorySchema,
  LoyaltyPointsSchema,
  RewardChoicesSchema,
  RewardDataSchema,
} from "../../commerce/contract/loyalty";
import { writeTransaction } from "../../commerce/db/write-transaction";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { settlePerksForOrder } from "../../commerce/domain/perks";
import { commerceForSuite } from "../support/commerce";
import { guestToken, insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { APPROVED_CARD, guestCheckoutUpToTheCard, NY_ADDRESS, randomHex } from "../support/guest-checkout";
import { restCaller } from "../support/rest";

const PASSWORD = "perks-Test-password-1";

describe.each(DIALECTS)("perks API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const db = () => suite.api().db;

  /** A call under /rest: `path` starts with /v1/lms/… or /v2/…. */
  const call = restCaller(() => suite.api().baseUrl, "/rest");
  const signIn = (email: string, site: string) => passwordToken(suite.api().baseUrl, { email, password: PASSWORD, site });

  /** A customer of the test's own, with `points` on the ledger (one welcome entry), signed in. */
  const newCustomer = async ({ points = 0, member = true, site = "usb2c" }: { points?: number; member?: boolean; site?: string } = {}) => {
    const email = `perks-${randomHex(8)}@example.com`;
    const id = await insertAccount(db(), { email, password: PASSWORD, site, perksMember: member });
    if (points) await ledger(id, site, points, new Date().toISOString());
    return { id, token: await signIn(email, site), site };
  };
  const ledger = (customerId: string, site: string, points: number, at: string) =>
    db()
      .insertInto("loyalty_entry")
      .values({ site, customer_id: customerId, kind: "adjusted", points, order_code: null, reward_code: null, note: "test", created_at: at })
      .execute();
  const ledgerSum = async (customerId: string) => {
    const rows = await db().selectFrom("loyalty_entry").select(["points"]).where("customer_id", "=", customerId).orderBy("id").execute();
    return rows.map((r) => r.points);
  };

  /** A beverage variant the site sells in a box size, with plenty of stock. */
  const boxItems = async (site = "usb2c") => {
    const rows = await db()
      .selectFrom("product as p")
      .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.code").on("s.site", "=", site))
      .select("p.code")
      .where("p.pack_size", "=", 24)
      .where("p.pack_type", "=", "KCup")
      .orderBy("p.code")
      .limit(3)
      .execute();
    const codes = rows.map((r) => r.code);
    await db().updateTable("stock").set({ level: 5000 }).where("product_code", "in", codes).execute();
    return codes;
  };
  /** A plain coffee variant that is not a box size, with plenty of stock (what the cart holds). */
  const plainItem = async (site = "usb2c") => {
    const row = await db()
      .selectFrom("product as p")
      .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.code").on("s.site", "=", site))
      .select("p.code")
      .where("p.pack_size", "=", 12)
      .where("p.pack_type", "=", "KCup")
      .orderBy("p.code")
      .executeTakeFirstOrThrow();
    await db().updateTable("stock").set({ level: 5000 }).where("product_code", "=", row.code).execute();
    return row.code;
  };

  /** The customer's cart with `qty` of a plain coffee; answers its guid. */
  const cartOf = async (customer: { token: string; site: string }, qty = 3) => {
    const added = await call("POST", `/v2/${customer.site}/users/current/addProductToCart`, customer.token, {
      productCode: await plainItem(customer.site),
      qty,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return CartModificationSchema.parse(added.body).cartGuid;
  };
  const cart = async (customer: { token: string; site: string }, guid: string) =>
    CartSchema.parse((await call("GET", `/v2/${customer.site}/users/current/carts/${guid}`, customer.token)).body);
  const rewards = (customer: { token: string; site: string }, action: string, body: unknown) =>
    call("POST", `/v2/${customer.site}/users/current/rewards/${action}`, customer.token, body);
  const applied = async (customer: { token: string; site: string }, guid: string) =>
    AppliedRewardsSchema.parse((await call("GET", `/v2/${customer.site}/users/current/rewards/appliedRewards?cartGuid=${guid}`, customer.token)).body);
  const balance = async (customer: { token: string; site: string }) =>
    LoyaltyPointsSchema.parse((await call("GET", `/v1/lms/${customer.site}/getLoyaltyPoints`, customer.token)).body).balance;

  /** Address, delivery and card on the member's cart; answers the checkout and how to place it. */
  const checkoutOf = async (customer: { token: string; site: string }, guid: string) => {
    const path = `/v2/usb2c/users/current/carts/${guid}`;
    expect((await call("POST", `${path}/addresses/delivery`, customer.token, { address: NY_ADDRESS })).status).toBe(200);
    const standard = CheckoutSchema.parse((await call("GET", `${path}/checkout`, customer.token)).body).deliveryModes.find((m) => m.code === "standard")!;
    expect((await call("PUT", `${path}/updateDeliveryDetails`, customer.token, { deliveryModeId: standard.code })).status).toBe(200);
    expect((await call("POST", `${path}/paymentdetails`, customer.token, APPROVED_CARD)).status).toBe(201);
    const checkout = CheckoutSchema.parse((await call("GET", `${path}/checkout`, customer.token)).body);
    const place = (checkoutKey = randomHex(32)) =>
      call("POST", `/v2/usb2c/users/current/orders?cartId=${guid}`, customer.token, {
        checkoutKey,
        expectedTotal: checkout.totalPriceWithTax.minor,
        expectedAmountDue: checkout.amountDue.minor,
      });
    return { checkout, place };
  };

  describe("a member earns points on each order", () => {
    it("credits the brand's base points per dollar of merchandise after discounts, shown in the history", async () => {
      const member = await newCustomer();
      const guid = await cartOf(member);
      const { checkout, place } = await checkoutOf(member, guid);
      const merchandise = checkout.cart.subTotal.minor - checkout.cart.totalDiscounts.minor;
      expect(checkout.perks).toEqual({ member: true, join: false, pointsToEarn: Math.floor(merchandise / 100) * 10 });
      const placed = await place();
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = OrderSchema.parse(placed.body);
      const today = new Date().toISOString().slice(0, 10);
      const history = LoyaltyHistorySchema.parse(
        (await call("GET", `/v1/lms/usb2c/fetchLoyaltyPointsHistory?startDate=${today}&endDate=${today}`, member.token)).body,
      );
      expect(history.entries).toEqual([
        expect.objectContaining({
          kind: "earned",
          points: Math.floor(merchandise / 100) * 10,
          orderCode: order.code,
          description: `Earned on order ${order.code}`,
        }),
      ]);
      expect(history.balance).toBe(Math.floor(merchandise / 100) * 10);
    });

    it("credits nothing to a customer who has not joined", async () => {
      const customer = await newCustomer({ member: false });
      const guid = await cartOf(customer);
      const { checkout, place } = await checkoutOf(customer, guid);
      expect(checkout.perks?.member).toBe(false);
      expect((await place()).status).toBe(201);
      expect(await balance(customer)).toBe(0);
    });
  });

  describe("the points history by date range, a page at a time", () => {
    it("lists the range's entries newest first and pages through them", async () => {
      const member = await newCustomer();
      for (let day = 1; day <= 9; day++) await ledger(member.id, "usb2c", day * 10, `2026-03-0${day}T12:00:00.000Z`);
      const page = async (currentPage: number) =>
        LoyaltyHistorySchema.parse(
          (
            await call(
              "GET",
              `/v1/lms/usb2c/fetchLoyaltyPointsHistory?startDate=2026-03-02&endDate=2026-03-08&limit=3&currentPage=${currentPage}`,
              member.token,
            )
          ).body,
        );
      const first = await page(0);
      expect(first.entries.map((e) => e.points)).toEqual([80, 70, 60]);
      expect(first.pagination).toEqual({ currentPage: 0, pageSize: 3, totalPages: 3, totalResults: 7 });
      expect((await page(2)).entries.map((e) => e.points)).toEqual([20]);
      expect(first.balance).toBe(450);
      const details = LoyaltyDetailsSchema.parse(
        (await call("GET", `/v1/lms/usb2c/fetchLoyaltyDetails?customerId=current&field=FULL&limit=2`, member.token)).body,
      );
      expect(details.history?.entries.map((e) => e.points)).toEqual([90, 80]);
      const ranged = LoyaltyDetailsSchema.parse(
        (await call("GET", `/v1/lms/usb2c/fetchLoyaltyDetails?startDate=2026-03-02&endDate=2026-03-08&limit=3&currentPage=2`, member.token)).body,
      );
      expect(ranged.history).toEqual({
        entries: [expect.objectContaining({ points: 20 })],
        pagination: { currentPage: 2, pageSize: 3, totalPages: 3, totalResults: 7 },
      });
      expect(details.rewards?.map((r) => [r.code, r.affordable])).toEqual([
        ["FREE_SHIPPING", true],
        ["FIVE_OFF", false],
        ["FREE_BOX", false],
      ]);
    });

    it("refuses a range that ends before it starts, a date that is not one and a page too large", async () => {
      const member = await newCustomer();
      for (const query of [
        "startDate=2026-03-09&endDate=2026-03-01",
        "startDate=2026-02-30&endDate=2026-03-01",
        "startDate=2026-03-01&endDate=2026-03-02&limit=500",
      ]) {
        const answer = await call("GET", `/v1/lms/usb2c/fetchLoyaltyPointsHistory?${query}`, member.token);
        expect(answer.status, query).toBe(400);
        expect(answer.body.errors?.[0]?.type).toBe("ValidationError");
      }
    });
  });

  describe("rewards on the cart: apply, swap, remove", () => {
    it("puts a free box on the cart as a zero-price entry, swaps its item and takes it off, answering cartGuid and cartQuantity", async () => {
      const member = await newCustomer({ points: 2000 });
      const guid = await cartOf(member, 2);
      const [first, second] = await boxItems();
      const choices = RewardChoicesSchema.parse((await call("GET", `/v2/usb2c/rewards/FREE_BOX/choices?boxSize=24`, member.token)).body);
      expect(choices.pagination.pageSize).toBe(28);
      expect(choices.choices.length).toBeGreaterThan(0);
      expect(choices.choices.every((c) => c.boxSize === 24)).toBe(true);

      const put = await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FREE_BOX", productCode: first });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const afterApply = AppliedRewardsSchema.parse(put.body);
      expect(afterApply).toMatchObject({ cartGuid: guid, cartQuantity: 3, pointsToSpend: 1500, balance: 2000, activeADs: [] });
      const rewardId = afterApply.appliedRewards[0]!.id;
      // A second click answers the cart as it is; another item for the same reward is a swap, not a second box.
      expect(AppliedRewardsSchema.parse((await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FREE_BOX", productCode: first })).body)).toEqual(
        afterApply,
      );
      const again = await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FREE_BOX", productCode: second });
      expect(again.status).toBe(400);
      expect(again.body.errors?.[0]).toMatchObject({
        reason: "alreadyApplied",
        message: "This reward is already on your cart. Swap its item or remove it instead.",
      });
      const withBox = await cart(member, guid);
      const boxEntry = withBox.entries.find((e) => e.rewardId === rewardId)!;
      expect(boxEntry).toMatchObject({ product: { code: first }, quantity: 1, updateable: false, totalPrice: { minor: 0 } });

      const swapped = AppliedRewardsSchema.parse(
        (await rewards(member, "swapReward", { cartGuid: guid, appliedRewardId: rewardId, productCode: second })).body,
      );
      expect(swapped.appliedRewards[0]?.item?.productCode).toBe(second);
      expect(swapped.cartQuantity).toBe(3);

      const removed = AppliedRewardsSchema.parse((await rewards(member, "removeReward", { cartGuid: guid, appliedRewardId: rewardId })).body);
      expect(removed).toMatchObject({ cartGuid: guid, cartQuantity: 2, appliedRewards: [], pointsToSpend: 0 });
      expect((await cart(member, guid)).entries.some((e) => e.rewardId !== undefined)).toBe(false);
      expect(await balance(member)).toBe(2000);
    });

    it("takes an amount off the merchandise and makes delivery free", async () => {
      const member = await newCustomer({ points: 1000 });
      const guid = await cartOf(member, 3);
      const before = await cart(member, guid);
      expect((await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FIVE_OFF" })).status).toBe(200);
      expect((await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FREE_SHIPPING" })).status).toBe(200);
      const after = await cart(member, guid);
      expect(after.totalDiscounts.minor).toBe(before.totalDiscounts.minor + 500);
      expect(after.totalPrice.minor).toBe(before.totalPrice.minor - 500);
      const { checkout } = await checkoutOf(member, guid);
      expect(checkout.deliveryCost.minor).toBe(0);
      expect(checkout.deliveryModes.every((m) => m.costMinor === 0)).toBe(true);
    });
  });

  describe("an order with rewards spends their points", () => {
    it("redeems the rewards and earns on the merchandise after the amount off, in the history", async () => {
      const member = await newCustomer({ points: 2000 });
      const guid = await cartOf(member, 3);
      const [box] = await boxItems();
      expect((await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FREE_BOX", productCode: box })).status).toBe(200);
      expect((await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FIVE_OFF" })).status).toBe(200);
      const { checkout, place } = await checkoutOf(member, guid);
      const placed = await place();
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = OrderSchema.parse(placed.body);
      expect(order.entries.find((e) => e.product.code === box)?.totalPrice.minor).toBe(0);
      const earned = Math.floor((checkout.cart.subTotal.minor - checkout.cart.totalDiscounts.minor) / 100) * 10;
      const details = LoyaltyDetailsSchema.parse((await call("GET", `/v1/lms/usb2c/fetchLoyaltyDetails`, member.token)).body);
      expect(details.history?.entries.filter((e) => e.orderCode === order.code).map((e) => [e.kind, e.points])).toEqual(
        expect.arrayContaining([
          ["redeemed", -2000],
          ["earned", earned],
        ]),
      );
      expect(details.balance).toBe(earned);
    });

    it("refuses the order, clearly and before the card is held, when the points no longer cover the rewards", async () => {
      const member = await newCustomer({ points: 600 });
      const guid = await cartOf(member);
      expect((await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FIVE_OFF" })).status).toBe(200);
      const { place } = await checkoutOf(member, guid);
      // The points went elsewhere meanwhile (customer service took them back).
      await ledger(member.id, "usb2c", -200, new Date().toISOString());
      const refused = await place();
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]).toMatchObject({
        type: "RewardError",
        reason: "insufficientPoints",
        message: "These rewards need 500 points and you have 400. Remove a reward to continue.",
      });
      expect(await db().selectFrom("shop_order").select("id").where("cart_guid", "=", guid).execute()).toEqual([]);
      expect(await balance(member)).toBe(400);
    });
  });

  describe("bad input is refused and changes nothing", () => {
    it("answers 4xx with a readable message for each, and the cart and points stay as they were", async () => {
      const member = await newCustomer({ points: 700 });
      const other = await newCustomer({ points: 5000 });
      const guid = await cartOf(member);
      const otherGuid = await cartOf(other);
      const otherApplied = AppliedRewardsSchema.parse((await rewards(other, "applyReward", { cartGuid: otherGuid, rewardCode: "FREE_SHIPPING" })).body);
      const mine = AppliedRewardsSchema.parse((await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FIVE_OFF" })).body);
      const [box] = await boxItems();
      const plain = await plainItem();
      const canadianOnly = `CA_${randomHex(6)}`;
      await db()
        .insertInto("reward")
        .values({
          site: "cab2c",
          code: canadianOnly,
          kind: "freeShipping",
          points: 10,
          amount_minor: null,
          name_en: "x",
          name_fr: "x",
          description_en: "x",
          description_fr: "x",
          created_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();

      const refusals: [string, unknown, number, string][] = [
        [
          "applyReward",
          { cartGuid: guid, rewardCode: "FREE_BOX", productCode: box },
          400,
          "These rewards need 2000 points and you have 700. Remove a reward to continue.",
        ],
        ["applyReward", { cartGuid: otherGuid, rewardCode: "FREE_SHIPPING" }, 404, "Cart not found."],
        ["removeReward", { cartGuid: guid, appliedRewardId: otherApplied.appliedRewards[0]!.id }, 404, "This cart has no such reward."],
        ["applyReward", { cartGuid: guid, rewardCode: canadianOnly }, 404, "This reward is not offered on this store."],
        ["applyReward", { cartGuid: guid, rewardCode: "FREE_SHIPPING", qty: -1 }, 400, "qty: must be 1"],
        ["applyReward", { cartGuid: guid, rewardCode: "FREE_SHIPPING", qty: 1e12 }, 400, "qty: must be 1: a reward goes on a cart once"],
        [
          "swapReward",
          { cartGuid: guid, appliedRewardId: mine.appliedRewards[0]!.id, productCode: plain },
          400,
          "This item can't be chosen for this reward. Choose one of the reward's items.",
        ],
        ["applyReward", { cartGuid: guid, rewardCode: "FREE_BOX" }, 400, "Choose the item for your free box."],
        ["removeReward", { cartGuid: guid, appliedRewardId: -4 }, 400, "appliedRewardId: must name a reward on the cart"],
      ];
      for (const [action, body, status, message] of refusals) {
        const answer = await rewards(member, action, body);
        expect(answer.status, `${action} ${JSON.stringify(body)}`).toBe(status);
        expect(answer.body.errors?.[0]?.message, `${action} ${JSON.stringify(body)}`).toContain(message);
      }
      expect(await applied(member, guid)).toMatchObject({ appliedRewards: [{ code: "FIVE_OFF" }], balance: 700 });
      expect((await applied(other, otherGuid)).appliedRewards.map((r) => r.code)).toEqual(["FREE_SHIPPING"]);
      expect(await ledgerSum(member.id)).toEqual([700]);
    });

    it("answers 401 to anonymous calls and 404 on the commercial store", async () => {
      for (const [method, path] of [
        ["GET", "/v1/lms/usb2c/getLoyaltyPoints"],
        ["GET", "/v1/lms/usb2c/fetchLoyaltyDetails?customerId=current"],
        ["PUT", "/v1/lms/usb2c/updatePerksOptIn"],
        ["GET", "/v2/usb2c/users/current/rewards"],
        ["POST", "/v2/usb2c/users/current/rewards/applyReward"],
      ] as const) {
        const answer = await call(method, path, undefined, method === "GET" ? undefined : { perksOptIn: true });
        expect(answer.status, path).toBe(401);
      }
      const commercial = await newCustomer({ site: "usafh" });
      const off = await call("GET", "/v1/lms/usafh/getLoyaltyPoints", commercial.token);
      expect(off.status).toBe(404);
      expect(off.body.errors?.[0]).toMatchObject({ type: "RewardError", reason: "perksOff" });
      expect((await call("GET", "/v2/usafh/users/current/rewards", commercial.token)).status).toBe(404);
    });
  });

  describe("joining perks", () => {
    it("opts a customer in with sign-up and out with updatePerksOptIn, keeping the points", async () => {
      const customer = await newCustomer({ member: false, points: 120 });
      const joined = await call("POST", "/v1/lms/usb2c/loyaltyProgramSignup", customer.token, { loyaltyProgramOptIn: true });
      expect(joined.body).toEqual({ customerId: customer.id, perksOptIn: true, balance: 120 });
      const left = await call("PUT", "/v1/lms/usb2c/updatePerksOptIn", customer.token, { perksOptIn: false });
      expect(left.body).toMatchObject({ perksOptIn: false, balance: 120 });
      expect(RewardDataSchema.parse((await call("GET", "/v2/usb2c/users/current/rewards", customer.token)).body).balance).toBe(120);
    });

    it("joins at sign-up where the store has perks, and not on the commercial store", async () => {
      for (const [site, member] of [
        ["usb2c", 1],
        ["usafh", 0],
      ] as const) {
        const email = `signup-${randomHex(8)}@example.com`;
        const answer = await call("POST", `/v2/${site}/users`, undefined, {
          firstName: "Ada",
          lastName: "Lovelace",
          email,
          password: PASSWORD,
          perksOptIn: "on",
        });
        expect(answer.status).toBe(202);
        const row = await db().selectFrom("customer").select("perks_member").where("email", "=", email).where("site", "=", site).executeTakeFirstOrThrow();
        expect(row.perks_member, site).toBe(member);
      }
    });

    it("credits a walk-up member's order once the account is made from the confirmation page", async () => {
      const { guestClient } = suite.api().config.auth;
      const guest = await guestCheckoutUpToTheCard(suite.api().baseUrl, guestClient, await plainItem());
      const token = await guestToken(suite.api().baseUrl, guestClient);
      const joined = await call("PUT", `/v2/usb2c/users/anonymous/carts/${guest.guid}/perksJoin`, token, { join: true });
      expect(CheckoutSchema.parse(joined.body).perks).toMatchObject({ member: false, join: true });
      const order = OrderSchema.parse((await guest.place(randomHex(32))).body);
      expect((await call("POST", `/v2/usb2c/users/anonymous/orders/${order.code}/createuser`, token, { guid: guest.guid, password: PASSWORD })).status).toBe(
        202,
      );
      const account = await db()
        .selectFrom("customer")
        .select(["id", "perks_member"])
        .where("email", "=", guest.checkout.email!)
        .where("site", "=", "usb2c")
        .executeTakeFirstOrThrow();
      expect(account.perks_member).toBe(1);
      const merchandise = guest.checkout.cart.subTotal.minor - guest.checkout.cart.totalDiscounts.minor;
      expect(await ledgerSum(account.id)).toEqual([Math.floor(merchandise / 100) * 10]);
    });
  });

  describe("an agent acting for a customer", () => {
    it("opts them in, applies and swaps a reward inside an assisted session, each in the audit log; without a session, 403", async () => {
      const customer = await newCustomer({ member: false, points: 2000 });
      const guid = await cartOf(customer);
      const agent = await passwordToken(suite.api().baseUrl, { email: "demo.agent@example.com", password: DEMO_PASSWORD, clientId: "agent" });
      const optIn = () => call("PUT", "/v1/lms/usb2c/updatePerksOptIn", agent, { customerId: customer.id, perksOptIn: true, csAgentId: "ignored" });
      expect((await optIn()).status).toBe(403);
      expect((await call("POST", "/v2/usb2c/assistedservicewebservices/sessions", agent, { customerId: customer.id })).status).toBe(201);
      expect((await optIn()).body).toMatchObject({ customerId: customer.id, perksOptIn: true, balance: 2000 });
      const [first, second] = await boxItems();
      const forCustomer = (action: string, body: unknown) => call("POST", `/v2/usb2c/users/${customer.id}/rewards/${action}`, agent, body);
      const put = AppliedRewardsSchema.parse((await forCustomer("applyReward", { cartGuid: guid, rewardCode: "FREE_BOX", productCode: first })).body);
      expect((await forCustomer("swapReward", { cartGuid: guid, appliedRewardId: put.appliedRewards[0]!.id, productCode: second })).status).toBe(200);
      const audit = await db().selectFrom("agent_audit").select(["action", "detail"]).where("customer_id", "=", customer.id).orderBy("id").execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["opted the customer in to perks", "applied a reward", "swapped a reward's item"]));
      expect(audit.find((a) => a.action === "applied a reward")?.detail).toBe(`FREE_BOX (${first})`);
    });
  });

  describe("points under concurrency", () => {
    it("lets one of two orders spending the same points through and refuses the other clearly", async () => {
      // Several members at once, each with two orders racing for the same points.
      const members = await Promise.all(Array.from({ length: 5 }, () => newCustomer({ points: 1500 })));
      await Promise.all(
        members.map(async (member) => {
          const order = (code: string) =>
            writeTransaction(db(), (trx) =>
              settlePerksForOrder(trx, {
                site: "usb2c",
                customerId: member.id,
                orderCode: code,
                rewards: [{ code: "FREE_BOX", points: 1500 }],
                merchandiseMinor: 0,
                now: new Date(),
              }),
            );
          const outcomes = await Promise.allSettled([order(`A${randomHex(6)}`), order(`B${randomHex(6)}`)]);
          expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
          const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
          expect((refused.reason as Error).message).toBe("These rewards need 1500 points and you have 0. Remove a reward to continue.");
          expect(await balance(member)).toBe(0);
        }),
      );
    });

    it("places one order when the same cart with rewards is sent twice at once, spending the points once", async () => {
      const member = await newCustomer({ points: 500 });
      const guid = await cartOf(member);
      expect((await rewards(member, "applyReward", { cartGuid: guid, rewardCode: "FIVE_OFF" })).status).toBe(200);
      const { place } = await checkoutOf(member, guid);
      const [a, b] = await Promise.all([place(), place()]);
      expect([a.status, b.status].every((s) => s === 201 || s === 200)).toBe(true);
      expect(OrderSchema.parse(a.body).code).toBe(OrderSchema.parse(b.body).code);
      expect((await ledgerSum(member.id)).filter((p) => p < 0)).toEqual([-500]);
    });

    it("keeps the ledger's sum equal to the shown balance, never below zero, after 50 mixed earns and redemptions", async () => {
      const member = await newCustomer({ points: 300 });
      const work = Array.from({ length: 50 }, (_, i) =>
        writeTransaction(db(), (trx) =>
          settlePerksForOrder(trx, {
            site: "usb2c",
            customerId: member.id,
            orderCode: `M${i}-${randomHex(4)}`,
            rewards: i % 2 === 0 ? [{ code: "FIVE_OFF", points: 500 }] : [],
            merchandiseMinor: i % 2 === 0 ? 0 : 2000 + i * 100,
            now: new Date(),
          }),
        ),
      );
      const outcomes = await Promise.allSettled(work);
      for (const o of outcomes) if (o.status === "rejected") expect((o.reason as Error).message).toMatch(/^These rewards need 500 points and you have \d+\./);
      const entries = await ledgerSum(member.id);
      let running = 0;
      for (const points of entries) {
        running += points;
        expect(running).toBeGreaterThanOrEqual(0);
      }
      expect(await balance(member)).toBe(running);
      expect(entries.filter((p) => p > 0 && p !== 300)).toHaveLength(25);
    });
  });
});
