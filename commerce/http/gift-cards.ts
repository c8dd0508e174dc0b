import { type Request, type Response, Router } from "express";
import { CartGuidSchema } from "../contract/cart";
import { type CartGiftCards, GiftCardApplyValueSchema, type GiftCardBalance, GiftCardCredentialsSchema } from "../contract/gift-card";
import type { AssistedService } from "../domain/agents";
import { cartNotFound } from "../domain/carts";
import { type GiftCardService, giftCardRefusal } from "../domain/gift-cards";
import { clientAddress } from "./auth";
import { ownerFor } from "./carts";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

/**
 * Gift cards of a cart, under users/{user}/carts/{guid}/giftcard. The cart must be the caller's
 * (404 otherwise, as for the cart itself). An unknown number and a wrong PIN answer the same 400,
 * and failures are rate-limited. Applying plans the payment; the balance is reduced only when the
 * order is placed.
 */
export function giftCardsRouter(giftCards: GiftCardService, agents: AssistedService): Router {
  const router = Router({ mergeParams: true });
  const base = "/users/:user/carts/:cartGuid/giftcard";

  router.get(
    base,
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      noStore(res).json((await giftCards.list(siteOf(res), owner, guidParam(req))) satisfies CartGiftCards);
    }),
  );

  router.post(
    `${base}/validate`,
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const credentials = parse(GiftCardCredentialsSchema, req.body);
      noStore(res).json((await giftCards.validate(siteOf(res), owner, guid, credentials, clientAddress(req))) satisfies GiftCardBalance);
    }),
  );

  router.post(
    `${base}/apply`,
    handle(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const credentials = parse(GiftCardCredentialsSchema, req.body);
      const answer = await giftCards.apply(siteOf(res), owner, guid, credentials, clientAddress(req));
      if (actor) await agents.record(siteOf(res).site, actor, "applied a gift card", `card ending ${credentials.number.slice(-4)}`);
      noStore(res).json(answer satisfies CartGiftCards);
    }),
  );

  router.post(
    `${base}/remove/:id`,
    handle(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const id = /^\d{1,9}$/.test(req.params.id ?? "") ? Number(req.params.id) : undefined;
      // A malformed id names no applied card: the same 404 as an unknown one.
      if (id === undefined) throw giftCardRefusal("notApplied");
      const answer = await giftCards.remove(siteOf(res), owner, guid, id);
      if (actor) await agents.record(siteOf(res).site, actor, "removed a gift card", `applied card ${id}`);
      noStore(res).json(answer satisfies CartGiftCards);
    }),
  );

  router.put(
    `${base}/apply-value`,
    handle(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const request = parse(GiftCardApplyValueSchema, req.body);
      const answer = await giftCards.applyValue(siteOf(res), owner, guid, request);
      if (actor) await agents.record(siteOf(res).site, actor, "chose a gift card amount", `applied card ${request.id}: ${request.amount}`);
      noStore(res).json(answer satisfies CartGiftCards);
    }),
  );

  return router;
}

/** A malformed guid names no cart: the same 404 as an unknown one. */
function guidParam(req: Request): string {
  const parsed = CartGuidSchema.safeParse(req.params.cartGuid);
  if (!parsed.success) throw cartNotFound();
  return parsed.data;
}

/** Balances are one shopper's: no cache may keep them. */
function noStore(res: Response): Response {
  return res.set("Cache-Control", "private, no-store");
}
