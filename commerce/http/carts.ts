import { type Request, type Response, Router } from "express";
import {
  AddProductsToCartRequestSchema,
  AddToCartRequestSchema,
  type Cart,
  type CartModification,
  type CartModificationList,
  CartGuidSchema,
  MergeCartRequestSchema,
  RemoveAdEntryRequestSchema,
  UpdateCartRequestSchema,
  ValidateCartQuerySchema,
} from "../contract/cart";
import type { BrandFacts } from "../contract/brands";
import { CartFieldsQuerySchema, type CartWithGiftCards } from "../contract/gift-card";
import type { BrandId, Lang } from "../contract/common";
import type { Actor } from "../domain/accounts";
import type { AssistedService } from "../domain/agents";
import { type CartOwner, type CartService, cartNotFound, type LineOutcome } from "../domain/carts";
import type { GiftCardService } from "../domain/gift-cards";
import { actorFor, callerOf } from "./auth";
import { handle, parse } from "./handle";
import { invalid } from "./errors";
import { siteOf, type SiteLocals } from "./site";

/**
 * Carts under /rest/v2/{brand}/, OCC-shaped. `users/anonymous/…` is a guest's cart, known by its
 * guid alone; `users/current/…` the signed-in customer's; `users/{customerId}/…` the customer an
 * agent acts for. A cart that is not the caller's answers 404, exactly as an unknown guid.
 */
export function cartsRouter(carts: CartService, giftCards: GiftCardService, agents: AssistedService, brands: Readonly<Record<BrandId, BrandFacts>>): Router {
  const router = Router({ mergeParams: true });

  /** The add payload may name the language of the answer; it must be one the site offers. */
  const contextFor = (res: Response, lang: Lang | undefined): SiteLocals => {
    const site = siteOf(res);
    if (lang === undefined || lang === site.lang) return site;
    if (!brands[site.site].languages.includes(lang)) throw invalid("lang", `Language '${lang}' is not offered by ${site.site}.`);
    return { ...site, lang };
  };

  router.post(
    "/users/:user/addProductToCart",
    handle(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      // couponCode is accepted and not applied yet: coupons come with a later step.
      const { cartGuid, lang, csAgentId: _agentFromToken, couponCode: _notYet, ...line } = parse(AddToCartRequestSchema, req.body);
      const ctx = contextFor(res, lang);
      const { cart, outcomes } = await carts.add(ctx, owner, cartGuid, [line]);
      if (actor) await agents.record(ctx.site, actor, "added to cart", `${line.qty} × ${line.productCode} (${line.entryType})`);
      noStore(res).json({ ...modification(cart, outcomes[0]!), cartGuid: cart.guid, cartQuantity: cart.totalUnitCount } satisfies CartModification);
    }),
  );

  router.post(
    "/users/:user/addProductsToCart",
    handle(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const request = parse(AddProductsToCartRequestSchema, req.body);
      const ctx = contextFor(res, request.lang);
      const { cart, outcomes } = await carts.add(ctx, owner, request.cartGuid, request.entries);
      if (actor) await agents.record(ctx.site, actor, "added to cart", request.entries.map((l) => `${l.qty} × ${l.productCode} (${l.entryType})`).join(", "));
      noStore(res).json({
        cartGuid: cart.guid,
        cartQuantity: cart.totalUnitCount,
        cartModifications: outcomes.map((o) => modification(cart, o)),
      } satisfies CartModificationList);
    }),
  );

  router.post(
    "/users/:user/updateCart",
    handle(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const request = parse(UpdateCartRequestSchema, req.body);
      const cart = await carts.update(siteOf(res), owner, request);
      if (actor) await agents.record(siteOf(res).site, actor, "changed cart", `entry ${request.entryNumber} to ${request.qty}`);
      noStore(res).json(cart satisfies Cart);
    }),
  );

  const removeRecurring = handle(async (req, res) => {
    const { owner, actor } = await ownerFor(req, res, agents);
    const request = parse(RemoveAdEntryRequestSchema, req.body);
    const cart = await carts.removeRecurringEntry(siteOf(res), owner, request);
    if (actor) await agents.record(siteOf(res).site, actor, "removed auto-delivery item", `entry ${request.entryNumber}`);
    noStore(res).json(cart satisfies Cart);
  });
  router.post("/removeEntryFromAdCart", removeRecurring);
  router.post("/users/:user/removeEntryFromAdCart", removeRecurring);

  router.get(
    "/users/:user/carts/current",
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      // A guest's cart is known by its guid only.
      if (owner === "anonymous") throw cartNotFound();
      const { fields } = parse(CartFieldsQuerySchema, req.query);
      if (fields === "FULL") noStore(res).json((await giftCards.currentCartWithGiftCards(siteOf(res), owner.customerId)) satisfies CartWithGiftCards);
      else noStore(res).json((await carts.current(siteOf(res), owner.customerId)) satisfies Cart);
    }),
  );

  router.post(
    "/users/:user/carts/merge",
    handle(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      if (owner === "anonymous") throw cartNotFound();
      const { anonymousCartGuid } = parse(MergeCartRequestSchema, req.body);
      const merged = await carts.merge(siteOf(res), owner.customerId, anonymousCartGuid);
      if (actor) await agents.record(siteOf(res).site, actor, "merged a guest cart", `${merged.changes.length} change(s)`);
      noStore(res).json(merged);
    }),
  );

  router.get(
    "/users/:user/carts/:cartGuid",
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      const { fields } = parse(CartFieldsQuerySchema, req.query);
      if (fields === "FULL") noStore(res).json((await giftCards.cartWithGiftCards(siteOf(res), owner, guidParam(req))) satisfies CartWithGiftCards);
      else noStore(res).json((await carts.read(siteOf(res), owner, guidParam(req))) satisfies Cart);
    }),
  );

  router.get(
    "/users/:user/carts/:cartGuid/validate",
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      noStore(res).json(await carts.validate(siteOf(res), owner, guidParam(req)));
    }),
  );

  router.get(
    "/cart/validateCart",
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      const { cartGuid } = parse(ValidateCartQuerySchema, { cartGuid: req.query.cartGuid });
      noStore(res).json(await carts.validate(siteOf(res), owner, cartGuid));
    }),
  );

  return router;
}

/**
 * Whose cart the call is about. `users/anonymous` (and, without a user in the path, any caller
 * who is not a signed-in customer) is a guest; anything else is resolved as for the account
 * endpoints: the signed-in customer, or the customer an agent acts for.
 */
export async function ownerFor(req: Request, res: Response, agents: AssistedService): Promise<{ owner: CartOwner; actor?: Actor }> {
  const user = req.params.user;
  if (user === undefined) {
    const caller = callerOf(res);
    return caller?.role === "customer" ? { owner: { customerId: caller.sub } } : { owner: "anonymous" };
  }
  if (user === "anonymous") return { owner: "anonymous" };
  const actor = await actorFor(req, res, agents);
  return { owner: { customerId: actor.customerId }, actor: actor.agent ? actor : undefined };
}

/** A malformed guid names no cart: the same 404 as an unknown one. */
export function guidParam(req: Request): string {
  const parsed = CartGuidSchema.safeParse(req.params.cartGuid);
  if (!parsed.success) throw cartNotFound();
  return parsed.data;
}

function modification(cart: Cart, outcome: LineOutcome): Omit<CartModification, "cartGuid" | "cartQuantity"> {
  const entry = cart.entries.find((e) => e.entryNumber === outcome.entryNumber);
  // The product was priced a moment ago for the add; only a catalog change in between removes it.
  if (!entry) throw cartNotFound();
  return { statusCode: outcome.statusCode, quantityAdded: outcome.quantityAdded, quantity: outcome.quantity, entry };
}

/** Carts are one shopper's and change with every add: no cache may keep them. */
export function noStore(res: Response): Response {
  return res.set("Cache-Control", "private, no-store");
}
