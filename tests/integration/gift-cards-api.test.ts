import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CartGiftCardsSchema, CartWithGiftCardsSchema, GiftCardBalanceSchema } from "../../commerce/contract/gift-card";
import { writeTransaction } from "../../commerce/db/write-transaction";
import { chargeGiftCardsForOrder, giftCardPinHash } from "../../commerce/domain/gift-cards";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { DEMO_GIFT_CARD_PIN, DEMO_GIFT_CARDS, demoGiftCardNumber } from "../../commerce/seed/gift-cards";
import { commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

type ErrorBody = { errors?: { type: string; message: string; reason?: string; subject?: string }[] };

describe.each(DIALECTS)("gift card API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const db = () => suite.api().db;

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & ErrorBody };
  };
  const signIn = async (email: string) => {
    const res = await fetch(`${suite.api().baseUrl}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site: "usb2c" }).toString(),
    });
    expect(res.status).toBe(200);
    return TokenResponseSchema.parse(await res.json()).access_token;
  };

  /** A sellable variant of the site with plenty of stock. */
  const productOf = async (site: string) => {
    const row = await db()
      .selectFrom("product as p")
      .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.code").on("s.site", "=", site))
      .innerJoin("stock as k", "k.product_code", "p.code")
      .select("p.code")
      .where("p.base_code", "is not", null)
      .where("k.level", ">=", 40)
      .orderBy("p.code")
      .executeTakeFirstOrThrow();
    return row.code;
  };
  /** A new anonymous cart on the site holding `qty` of one product; answers its guid and total. */
  const cartOf = async (site = "usb2c", qty = 3, user = "anonymous", token?: string) => {
    const answer = await call("POST", `/${site}/users/${user}/addProductToCart`, { productCode: await productOf(site), qty }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const added = CartModificationSchema.parse(answer.body);
    const cart = await call("GET", `/${site}/users/${user}/carts/${added.cartGuid}`, undefined, token);
    return { guid: added.cartGuid, total: (cart.body.totalPriceWithTax as { minor: number }).minor };
  };
  /** A card of the test's own (a random number), so no test shares a card's balance or limits with another. */
  const newCard = async (balance: number, facts: { site?: string; currency?: string; expiresAt?: string | null } = {}) => {
    const number = `7777${String(randomInt(0, 1e12)).padStart(12, "0")}`;
    const pin = String(randomInt(1000, 10000));
    const now = new Date().toISOString();
    const row = await db()
      .insertInto("gift_card")
      .values({
        site: facts.site ?? "usb2c",
        number,
        pin_hash: giftCardPinHash(number, pin),
        currency: facts.currency ?? "USD",
        balance,
        status: "active",
        expires_at: facts.expiresAt ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, number, pin };
  };
  const giftCardPath = (guid: string, rest = "", site = "usb2c", user = "anonymous") => `/${site}/users/${user}/carts/${guid}/giftcard${rest}`;
  const balanceOf = async (id: number) => (await db().selectFrom("gift_card").select("balance").where("id", "=", id).executeTakeFirstOrThrow()).balance;
  /** Everything a gift card request could change. */
  const snapshot = async () => ({
    cards: await db().selectFrom("gift_card").select(["id", "balance", "status"]).orderBy("id").execute(),
    applied: await db().selectFrom("cart_gift_card").select(["id", "cart_id", "gift_card_id", "amount"]).orderBy("id").execute(),
    charges: await db().selectFrom("gift_card_charge").select(["id", "amount"]).orderBy("id").execute(),
  });
  const cartId = async (guid: string) => (await db().selectFrom("cart").select("id").where("guid", "=", guid).executeTakeFirstOrThrow()).id;

  describe("the demo cards", () => {
    it("are seeded on every site in its currency with the README's balances", async () => {
      for (const [site, currency] of [
        ["usb2c", "USD"],
        ["cab2c", "CAD"],
        ["usafh", "USD"],
      ] as const) {
        for (const demo of DEMO_GIFT_CARDS) {
          const row = await db()
            .selectFrom("gift_card")
            .selectAll()
            .where("site", "=", site)
            .where("number", "=", demoGiftCardNumber(site, demo.suffix))
            .executeTakeFirstOrThrow();
          expect(row).toMatchObject({ currency, balance: demo.balance, status: "active" });
          expect(row.pin_hash).toBe(giftCardPinHash(row.number, DEMO_GIFT_CARD_PIN));
          expect(Date.parse(row.expires_at!) < Date.now()).toBe(demo.expired);
        }
      }
    });
  });

  describe("validate", () => {
    it("answers the balance and the masked number, never the whole number", async () => {
      const { guid } = await cartOf();
      const number = demoGiftCardNumber("usb2c", "0100");
      const answer = await call("POST", giftCardPath(guid, "/validate"), { number: "6006 4910 0010 0100", pin: DEMO_GIFT_CARD_PIN });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const balance = GiftCardBalanceSchema.parse(answer.body);
      expect(balance).toMatchObject({ maskedNumber: "**** **** **** 0100", balance: { minor: 10000, currencyIso: "USD", formattedValue: "$100.00" } });
      expect(JSON.stringify(answer.body)).not.toContain(number);
    });

    it("answers a used-up card's balance of 0, and refuses an expired one", async () => {
      const { guid } = await cartOf();
      const empty = await call("POST", giftCardPath(guid, "/validate"), { number: demoGiftCardNumber("usb2c", "0000"), pin: DEMO_GIFT_CARD_PIN });
      expect(empty.status).toBe(200);
      expect(GiftCardBalanceSchema.parse(empty.body).balance.minor).toBe(0);
      const expired = await call("POST", giftCardPath(guid, "/validate"), { number: demoGiftCardNumber("usb2c", "0050"), pin: DEMO_GIFT_CARD_PIN });
      expect(expired.status).toBe(400);
      expect(expired.body.errors![0]).toMatchObject({ type: "GiftCardError", reason: "expired", message: "This gift card has expired." });
    });

    it("answers a wrong PIN and an unknown number with the same message", async () => {
      const { guid } = await cartOf();
      const card = await newCard(2500);
      const wrongPin = await call("POST", giftCardPath(guid, "/validate"), { number: card.number, pin: card.pin === "1111" ? "2222" : "1111" });
      const unknown = await call("POST", giftCardPath(guid, "/validate"), { number: "1234567812345678", pin: card.pin });
      expect(wrongPin.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(wrongPin.body).toEqual(unknown.body);
      expect(wrongPin.body.errors![0]).toMatchObject({ type: "GiftCardError", reason: "invalid", message: "The gift card number or PIN is not right." });
    });
  });

  describe("apply, apply-value and remove", () => {
    it("apply plans the card's use against the cart's total and leaves the balance alone", async () => {
      const { guid, total } = await cartOf("usb2c", 10);
      expect(total).toBeGreaterThan(2500);
      const card = await newCard(2500);
      const answer = await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const cards = CartGiftCardsSchema.parse(answer.body);
      expect(cards.giftCards).toHaveLength(1);
      expect(cards.giftCards[0]).toMatchObject({ maskedNumber: `**** **** **** ${card.number.slice(-4)}`, balance: { minor: 2500 }, toUse: { minor: 2500 } });
      expect(cards.giftCards[0]!.requested).toBeUndefined();
      expect(cards).toMatchObject({ amountDue: { minor: total }, coveredByGiftCards: { minor: 2500 }, remainingDue: { minor: total - 2500 } });
      expect(await balanceOf(card.id)).toBe(2500);

      const again = await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin });
      expect(CartGiftCardsSchema.parse(again.body).giftCards).toHaveLength(1);
      const listed = await call("GET", giftCardPath(guid));
      expect(CartGiftCardsSchema.parse(listed.body)).toEqual(cards);
    });

    it("several cards pay in the order applied, never more than the cart's total", async () => {
      const { guid, total } = await cartOf("usb2c", 3);
      const small = await newCard(500);
      const large = await newCard(total + 5000);
      await call("POST", giftCardPath(guid, "/apply"), { number: small.number, pin: small.pin });
      const answer = CartGiftCardsSchema.parse((await call("POST", giftCardPath(guid, "/apply"), { number: large.number, pin: large.pin })).body);
      expect(answer.giftCards.map((c) => c.toUse.minor)).toEqual([500, total - 500]);
      expect(answer.remainingDue.minor).toBe(0);
    });

    it("apply-value uses part of the balance, at most the balance", async () => {
      const { guid } = await cartOf("usb2c", 10);
      const card = await newCard(2500);
      const applied = CartGiftCardsSchema.parse((await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin })).body);
      const id = applied.giftCards[0]!.id;
      const part = await call("PUT", giftCardPath(guid, "/apply-value"), { id, amount: 1000 });
      expect(part.status, JSON.stringify(part.body)).toBe(200);
      expect(CartGiftCardsSchema.parse(part.body).giftCards[0]).toMatchObject({ requested: { minor: 1000 }, toUse: { minor: 1000 } });

      const before = await snapshot();
      const over = await call("PUT", giftCardPath(guid, "/apply-value"), { id, amount: 2501 });
      expect(over.status).toBe(400);
      expect(over.body.errors![0]).toMatchObject({ type: "GiftCardError", reason: "overBalance", subject: "amount" });
      expect(over.body.errors![0]!.message).toContain("$25.00");
      for (const amount of [0, -5, 10.5, "ten"])
        expect((await call("PUT", giftCardPath(guid, "/apply-value"), { id, amount })).status, String(amount)).toBe(400);
      expect((await call("PUT", giftCardPath(guid, "/apply-value"), { id: id + 100_000, amount: 100 })).status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it("remove takes the card off the cart; removing it again answers 404", async () => {
      const { guid } = await cartOf();
      const card = await newCard(2500);
      const applied = CartGiftCardsSchema.parse((await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin })).body);
      const id = applied.giftCards[0]!.id;
      const removed = await call("POST", giftCardPath(guid, `/remove/${id}`));
      expect(removed.status).toBe(200);
      expect(CartGiftCardsSchema.parse(removed.body).giftCards).toEqual([]);
      const again = await call("POST", giftCardPath(guid, `/remove/${id}`));
      expect(again.status).toBe(404);
      expect(again.body.errors![0]).toMatchObject({ type: "GiftCardError", reason: "notApplied" });
      expect((await call("POST", giftCardPath(guid, "/remove/abc"))).status).toBe(404);
    });

    it("a member applies a card to their own cart", async () => {
      const token = await signIn("demo.perks@example.com");
      const { guid } = await cartOf("usb2c", 1, "current", token);
      const card = await newCard(2500);
      const answer = await call("POST", giftCardPath(guid, "/apply", "usb2c", "current"), { number: card.number, pin: card.pin }, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // The same cart asked as a guest is not theirs.
      expect((await call("GET", giftCardPath(guid))).status).toBe(404);
    });
  });

  describe("a cart asked with fields=FULL carries its gift cards, priced with the cart once", () => {
    it("a guest's cart answers its lines and the same gift cards as the gift card list", async () => {
      const { guid, total } = await cartOf("usb2c", 10);
      const card = await newCard(2500);
      await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin });
      const full = await call("GET", `/usb2c/users/anonymous/carts/${guid}?fields=FULL`);
      expect(full.status, JSON.stringify(full.body)).toBe(200);
      const answer = CartWithGiftCardsSchema.parse(full.body);
      expect(answer.entries).toHaveLength(1);
      expect(answer.totalPriceWithTax.minor).toBe(total);
      expect(answer.giftCards).toEqual(CartGiftCardsSchema.parse((await call("GET", giftCardPath(guid))).body));
      expect(answer.giftCards).toMatchObject({ coveredByGiftCards: { minor: 2500 }, remainingDue: { minor: total - 2500 } });

      // Without fields (or DEFAULT) the cart comes alone.
      expect((await call("GET", `/usb2c/users/anonymous/carts/${guid}`)).body.giftCards).toBeUndefined();
      expect((await call("GET", `/usb2c/users/anonymous/carts/${guid}?fields=DEFAULT`)).body.giftCards).toBeUndefined();
      expect((await call("GET", `/usb2c/users/anonymous/carts/${guid}?fields=BASIC`)).body.giftCards).toBeUndefined();
    });

    it("a member's current cart answers with the cards on it; asked as a guest it is not found, or not theirs to ask", async () => {
      const token = await signIn("demo.perks@example.com");
      const { guid } = await cartOf("usb2c", 1, "current", token);
      const card = await newCard(700);
      await call("POST", giftCardPath(guid, "/apply", "usb2c", "current"), { number: card.number, pin: card.pin }, token);
      const full = await call("GET", "/usb2c/users/current/carts/current?fields=FULL", undefined, token);
      expect(full.status, JSON.stringify(full.body)).toBe(200);
      const answer = CartWithGiftCardsSchema.parse(full.body);
      expect(answer.guid).toBe(guid);
      expect(answer.giftCards.giftCards.map((c) => c.maskedNumber)).toContain(`**** **** **** ${card.number.slice(-4)}`);
      expect((await call("GET", `/usb2c/users/anonymous/carts/${guid}?fields=FULL`)).status).toBe(404);
      expect((await call("GET", "/usb2c/users/current/carts/current?fields=FULL")).status).toBe(401);
    });

    it("an unknown fields value answers 400 naming it", async () => {
      const { guid } = await cartOf();
      const answer = await call("GET", `/usb2c/users/anonymous/carts/${guid}?fields=EVERYTHING`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors![0]!.message).toMatch(/fields/);
    });
  });

  describe("bad requests answer 400 or 404 with a readable message and change nothing", () => {
    it("malformed numbers and PINs", async () => {
      const { guid } = await cartOf();
      const before = await snapshot();
      for (const body of [{ number: "6006 4910", pin: "2468" }, { number: "6006491000100025", pin: "24" }, { number: 6006491000100025, pin: 2468 }, {}]) {
        const answer = await call("POST", giftCardPath(guid, "/apply"), body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.errors![0]).toMatchObject({ type: "ValidationError" });
        expect(answer.body.errors![0]!.message).toMatch(/^(number|pin): /);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("a wrong PIN, an expired card and a used-up card", async () => {
      const { guid } = await cartOf();
      const card = await newCard(2500);
      const before = await snapshot();
      const wrong = await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin === "1111" ? "2222" : "1111" });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors![0]).toMatchObject({ reason: "invalid" });
      const expired = await call("POST", giftCardPath(guid, "/apply"), { number: demoGiftCardNumber("usb2c", "0050"), pin: DEMO_GIFT_CARD_PIN });
      expect(expired.body.errors![0]).toMatchObject({ reason: "expired" });
      const empty = await call("POST", giftCardPath(guid, "/apply"), { number: demoGiftCardNumber("usb2c", "0000"), pin: DEMO_GIFT_CARD_PIN });
      expect(empty.status).toBe(400);
      expect(empty.body.errors![0]).toMatchObject({ reason: "empty", message: "This gift card has no balance left." });
      expect(await snapshot()).toEqual(before);
    });

    it("another shopper's cart, an unknown guid and a malformed one answer 404", async () => {
      const token = await signIn("demo.customer@example.com");
      const members = await cartOf("usb2c", 1, "current", token);
      const card = await newCard(2500);
      const before = await snapshot();
      for (const guid of [members.guid, "0".repeat(32), "not-a-guid"]) {
        const answer = await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin });
        expect(answer.status, guid).toBe(404);
        expect(answer.body.errors![0]).toMatchObject({ type: "CartError", reason: "notFound" });
        expect((await call("POST", giftCardPath(guid, "/validate"), { number: card.number, pin: card.pin })).status).toBe(404);
      }
      // Another brand's cart is unknown on this brand.
      const canadian = await cartOf("cab2c");
      expect((await call("POST", giftCardPath(canadian.guid, "/apply"), { number: card.number, pin: card.pin })).status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it("a card of another site is unknown, and a card in another currency than the site's is refused", async () => {
      const { guid } = await cartOf("cab2c");
      const american = await newCard(2500);
      const inDollars = await newCard(2500, { site: "cab2c", currency: "USD" });
      const before = await snapshot();
      const otherSite = await call("POST", giftCardPath(guid, "/apply", "cab2c"), { number: american.number, pin: american.pin });
      expect(otherSite.status).toBe(400);
      expect(otherSite.body.errors![0]).toMatchObject({ reason: "invalid", message: "The gift card number or PIN is not right." });
      const otherCurrency = await call("POST", giftCardPath(guid, "/apply", "cab2c"), { number: inDollars.number, pin: inDollars.pin });
      expect(otherCurrency.status).toBe(400);
      expect(otherCurrency.body.errors![0]).toMatchObject({ reason: "currency" });
      expect(await snapshot()).toEqual(before);
    });

    it("after five failures on a cart even the right PIN waits (429), so guessing stays slow", async () => {
      const { guid } = await cartOf();
      const card = await newCard(2500);
      for (let i = 0; i < 5; i++) {
        expect((await call("POST", giftCardPath(guid, "/validate"), { number: `99990000${String(i).padStart(8, "0")}`, pin: "1234" })).status).toBe(400);
      }
      const before = await snapshot();
      const limited = await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin });
      expect(limited.status).toBe(429);
      expect(limited.body.errors![0]).toMatchObject({ type: "TooManyRequestsError" });
      expect(await snapshot()).toEqual(before);
      // Another cart is not held up by this one's failures.
      const other = await cartOf();
      expect((await call("POST", giftCardPath(other.guid, "/apply"), { number: card.number, pin: card.pin })).status).toBe(200);
    });

    it("after ten wrong PINs for one card, from any carts, the card waits too", async () => {
      const card = await newCard(2500);
      const wrong = card.pin === "1111" ? "2222" : "1111";
      for (let i = 0; i < 10; i++) {
        const { guid } = await cartOf();
        expect((await call("POST", giftCardPath(guid, "/validate"), { number: card.number, pin: wrong })).status).toBe(400);
      }
      const { guid } = await cartOf();
      expect((await call("POST", giftCardPath(guid, "/validate"), { number: card.number, pin: card.pin })).status).toBe(429);
    });
  });

  describe("charging at order placement", () => {
    const charge = (guid: string, orderCode: string, amountDueMinor: number) =>
      cartId(guid).then((id) =>
        writeTransaction(db(), (trx) => chargeGiftCardsForOrder(trx, { cartId: id, site: "usb2c", orderCode, amountDueMinor, now: new Date() })),
      );
    const ledger = async (cardId: number) =>
      db().selectFrom("gift_card_charge").select(["order_code", "amount"]).where("gift_card_id", "=", cardId).orderBy("id").execute();
    const cartsWith = async (n: number, card: { number: string; pin: string }) => {
      const guids: string[] = [];
      for (let i = 0; i < n; i++) {
        const { guid } = await cartOf();
        expect((await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin })).status).toBe(200);
        guids.push(guid);
      }
      return guids;
    };

    it.each([2, 10])("a card with 25.00 used by %i orders at once is never overdrawn, and its ledger sums to the balance change", async (n) => {
      const card = await newCard(2500);
      const guids = await cartsWith(n, card);
      const results = await Promise.all(guids.map((guid, i) => charge(guid, `GC-${n}-${i}`, 2000)));
      const charged = results.map((r) => r.totalChargedMinor);
      expect(charged.reduce((a, b) => a + b, 0)).toBe(2500);
      expect(charged.every((c) => c >= 0 && c <= 2000)).toBe(true);
      expect([...charged].sort((a, b) => b - a).slice(0, 2)).toEqual([2000, 500]);
      expect(await balanceOf(card.id)).toBe(0);
      const rows = await ledger(card.id);
      expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(2500);
      expect(rows.every((r) => r.amount > 0)).toBe(true);
    });

    it("several cards pay in order; what they cannot cover is left for the card payment", async () => {
      const first = await newCard(1000);
      const second = await newCard(2500);
      const { guid } = await cartOf();
      for (const card of [first, second]) await call("POST", giftCardPath(guid, "/apply"), { number: card.number, pin: card.pin });
      const result = await charge(guid, "GC-ORDER-2", 5000);
      expect(result).toEqual({
        totalChargedMinor: 3500,
        cards: [
          { maskedNumber: `**** **** **** ${first.number.slice(-4)}`, chargedMinor: 1000 },
          { maskedNumber: `**** **** **** ${second.number.slice(-4)}`, chargedMinor: 2500 },
        ],
      });
      expect([await balanceOf(first.id), await balanceOf(second.id)]).toEqual([0, 0]);
    });

    it("a card whose balance fell below the part chosen pays what is left, and placing the order again charges nothing more", async () => {
      const card = await newCard(2500);
      const [mine, other] = await cartsWith(2, card);
      const listed = CartGiftCardsSchema.parse((await call("GET", giftCardPath(mine!))).body);
      expect((await call("PUT", giftCardPath(mine!, "/apply-value"), { id: listed.giftCards[0]!.id, amount: 2000 })).status).toBe(200);
      expect((await charge(other!, "GC-OTHER", 1000)).totalChargedMinor).toBe(1000);
      const result = await charge(mine!, "GC-MINE", 4000);
      expect(result.totalChargedMinor).toBe(1500);
      const again = await charge(mine!, "GC-MINE", 4000);
      expect(again).toEqual(result);
      expect(await balanceOf(card.id)).toBe(0);
      expect(await ledger(card.id)).toEqual([
        { order_code: "GC-OTHER", amount: 1000 },
        { order_code: "GC-MINE", amount: 1500 },
      ]);
    });

    it("an expired card pays nothing", async () => {
      const card = await newCard(2500, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
      const [guid] = await cartsWith(1, card);
      const later = await cartId(guid!).then((id) =>
        writeTransaction(db(), (trx) =>
          chargeGiftCardsForOrder(trx, { cartId: id, site: "usb2c", orderCode: "GC-LATE", amountDueMinor: 2000, now: new Date(Date.now() + 120_000) }),
        ),
      );
      expect(later).toEqual({ totalChargedMinor: 0, cards: [] });
      expect(await balanceOf(card.id)).toBe(2500);
    });
  });
});
