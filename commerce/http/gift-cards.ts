import type { Router } from "express";
import { z } from "zod";
import { NoInputSchema } from "../contract/common";
import {
  type CartGiftCards,
  CartGiftCardsSchema,
  GiftCardApplyValueSchema,
  type GiftCardBalance,
  GiftCardBalanceSchema,
  GiftCardCredentialsSchema,
} from "../contract/gift-card";
import type { AssistedService } from "../domain/agents";
import { type GiftCardService, giftCardRefusal } from "../domain/gift-cards";
import { clientAddress } from "./auth";
import { CART_ERRORS, guidParam, noStore, ownerFor } from "./carts";
import { apiRouter } from "./operations";
import { siteOf } from "./site";

/** Checks of a card's number and PIN also answer 429 once too many were wrong. */
const CHECK_ERRORS = { ...CART_ERRORS, 429: "Too many wrong card numbers or PINs for this cart, card or address (TooManyRequestsError)" };

/**
 * Gift cards of a cart, under users/{user}/carts/{guid}/giftcard. The cart must be the caller's
 * (404 otherwise, as for the cart itself). An unknown number and a wrong PIN answer the same 400,
 * and failures are rate-limited. Applying plans the payment; the balance is reduced only when the
 * order is placed.
 */
export function giftCardsRouter(giftCards: GiftCardService, agents: AssistedService): Router {
  const api = apiRouter();
  const base = "/users/:user/carts/:cartGuid/giftcard";

  api.get(
    base,
    {
      summary: "The cart's gift cards in the order applied, and what each would pay of the cart's total now (balances change only when the order is placed)",
      auth: "optional",
      answers: { 200: CartGiftCardsSchema },
      errors: CART_ERRORS,
    },
    async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const answer = await giftCards.list(siteOf(res), owner, guidParam(req));
      await agents.record(siteOf(res).site, actor, "viewed gift cards", `${answer.giftCards.length} applied`);
      noStore(res).json(answer satisfies CartGiftCards);
    },
  );

  api.post(
    `${base}/validate`,
    {
      summary:
        "A card's balance and masked number. An unknown number and a wrong PIN answer the same 400; failures are limited per cart, card and address (429)",
      auth: "optional",
      body: GiftCardCredentialsSchema,
      answers: { 200: GiftCardBalanceSchema },
      errors: CHECK_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const credentials = input.body();
      const balance = await giftCards.validate(siteOf(res), owner, guid, credentials, clientAddress(req));
      await agents.record(siteOf(res).site, actor, "checked a gift card", `card ending ${credentials.number.slice(-4)}`);
      noStore(res).json(balance satisfies GiftCardBalance);
    },
  );

  api.post(
    `${base}/apply`,
    {
      summary: "Apply a card to the cart (its whole balance, as far as needed); no balance changes until the order is placed",
      auth: "optional",
      body: GiftCardCredentialsSchema,
      answers: { 200: CartGiftCardsSchema },
      errors: CHECK_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const credentials = input.body();
      const answer = await giftCards.apply(siteOf(res), owner, guid, credentials, clientAddress(req));
      await agents.record(siteOf(res).site, actor, "applied a gift card", `card ending ${credentials.number.slice(-4)}`);
      noStore(res).json(answer satisfies CartGiftCards);
    },
  );

  api.post(
    `${base}/remove/:id`,
    {
      summary: "Take an applied card off the cart",
      auth: "optional",
      params: z.object({ id: z.number().int().min(1).meta({ description: "The applied card's id (giftCards[].id)" }) }),
      body: NoInputSchema,
      answers: { 200: CartGiftCardsSchema },
      errors: CART_ERRORS,
    },
    async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const id = /^\d{1,9}$/.test(req.params.id ?? "") ? Number(req.params.id) : undefined;
      // A malformed id names no applied card: the same 404 as an unknown one.
      if (id === undefined) throw giftCardRefusal("notApplied");
      const answer = await giftCards.remove(siteOf(res), owner, guid, id);
      await agents.record(siteOf(res).site, actor, "removed a gift card", `applied card ${id}`);
      noStore(res).json(answer satisfies CartGiftCards);
    },
  );

  api.put(
    `${base}/apply-value`,
    {
      summary: "Use only part of an applied card's balance (minor units, at most the balance)",
      auth: "optional",
      body: GiftCardApplyValueSchema,
      answers: { 200: CartGiftCardsSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const request = input.body();
      const answer = await giftCards.applyValue(siteOf(res), owner, guid, request);
      await agents.record(siteOf(res).site, actor, "chose a gift card amount", `applied card ${request.id}: ${request.amount}`);
      noStore(res).json(answer satisfies CartGiftCards);
    },
  );

  return api.router;
}
