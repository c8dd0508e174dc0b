import type { Request, Response, Router } from "express";
import {
  AddProductsToCartRequestSchema,
  AddToCartRequestSchema,
  type Cart,
  type CartModification,
  type CartModificationList,
  CartModificationListSchema,
  CartModificationSchema,
  CartGuidSchema,
  CartSchema,
  CartValidationSchema,
  MergeCartRequestSchema,
  MergedCartSchema,
  type RemoveAdEntryRequest,
  RemoveAdEntryRequestSchema,
  UpdateCartRequestSchema,
  ValidateCartQuerySchema,
} from "../contract/cart";
import type { BrandFacts } from "../contract/brands";
import { CartFieldsQuerySchema, type CartWithGiftCards, CartWithGiftCardsSchema } from "../contract/gift-card";
import type { BrandId, Lang } from "../contract/common";
import type { Actor } from "../domain/accounts";
import type { AssistedService } from "../domain/agents";
import { type CartOwner, type CartService, cartNotFound, type LineOutcome } from "../domain/carts";
import type { GiftCardService } from "../domain/gift-cards";
import type { DesignService } from "../domain/designs";
import { actorFor, callerOf, NO_AGENT_SESSION } from "./auth";
import { invalid } from "./errors";
import { apiRouter, BUSY, UNAUTHORIZED } from "./operations";
import { siteOf, type SiteLocals } from "./site";

/** How cart calls refuse; the gift-card, coupon, payment and checkout calls on a cart share them. */
export const CART_ERRORS = {
  400: "Invalid input (ValidationError), not enough stock (InsufficientStockError with availableQuantity), line maximum (CartEntryError)",
  401: UNAUTHORIZED,
  403: NO_AGENT_SESSION,
  404: "No such cart for this caller (CartError, reason notFound), entry (CartEntryError) or product (UnknownIdentifierError)",
  503: BUSY,
};

const CART_ANSWER = { description: "The cart, priced now (never cached)", schema: CartWithGiftCardsSchema.partial({ giftCards: true }) };

/**
 * Carts under /rest/v2/{brand}/, OCC-shaped. `users/anonymous/…` is a guest's cart, known by its
 * guid alone; `users/current/…` the signed-in customer's; `users/{customerId}/…` the customer an
 * agent acts for in an assisted session (every read and change audited). A cart that is not the
 * caller's answers 404, exactly as an unknown guid.
 */
export function cartsRouter(
  carts: CartService,
  giftCards: GiftCardService,
  agents: AssistedService,
  brands: Readonly<Record<BrandId, BrandFacts>>,
  designs: DesignService,
): Router {
  const api = apiRouter();

  /** The add payload may name the language of the answer; it must be one the site offers. */
  const contextFor = (res: Response, lang: Lang | undefined): SiteLocals => {
    const site = siteOf(res);
    if (lang === undefined || lang === site.lang) return site;
    if (!brands[site.site].languages.includes(lang)) throw invalid("lang", `Language '${lang}' is not offered by ${site.site}.`);
    return { ...site, lang };
  };

  api.post(
    "/users/:user/addProductToCart",
    {
      summary:
        "Add a product (STD, or auto-delivery ADC/ADCF/ADF). Without cartGuid a guest gets a new cart and a customer their open one. The add is capped at the stock (statusCode lowStock) and at 24 units a line (maxOrderQuantityExceeded); an add of nothing is refused. Prices are the service's: a price in the body is ignored. couponCode is accepted and not applied yet. recipeId (the optional recipe data): the customer's saved drink design the pods are for, whose base beverage productCode must be, bought once (STD); the line keeps a copy of the design",
      auth: "optional",
      body: AddToCartRequestSchema,
      answers: { 200: CartModificationSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      // couponCode is accepted and not applied yet: coupons come with a later step.
      const { cartGuid, lang, csAgentId: _agentFromToken, couponCode: _notYet, recipeId, ...line } = input.body();
      const ctx = contextFor(res, lang);
      // The optional recipe data: the member's own design, copied onto the line (decision 073).
      const recipe = recipeId === undefined ? undefined : await designs.recipeForCart(ctx, owner === "anonymous" ? null : owner.customerId, recipeId, line);
      const { cart, outcomes } = await carts.add(ctx, owner, cartGuid, [{ ...line, recipe }]);
      await agents.record(ctx.site, actor, "added to cart", `${line.qty} × ${line.productCode} (${line.entryType})`, [
        { code: line.productCode, qty: line.qty },
      ]);
      noStore(res).json({ ...modification(cart, outcomes[0]!), cartGuid: cart.guid, cartQuantity: cart.totalUnitCount } satisfies CartModification);
    },
  );

  api.post(
    "/users/:user/addProductsToCart",
    {
      summary: "Add up to 20 products at once, each as addProductToCart would; all of them or, with an error, none",
      auth: "optional",
      body: AddProductsToCartRequestSchema,
      answers: { 200: CartModificationListSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const request = input.body();
      const ctx = contextFor(res, request.lang);
      const { cart, outcomes } = await carts.add(ctx, owner, request.cartGuid, request.entries);
      await agents.record(
        ctx.site,
        actor,
        "added to cart",
        request.entries.map((l) => `${l.qty} × ${l.productCode} (${l.entryType})`).join(", "),
        request.entries.map((l) => ({ code: l.productCode, qty: l.qty })),
      );
      noStore(res).json({
        cartGuid: cart.guid,
        cartQuantity: cart.totalUnitCount,
        cartModifications: outcomes.map((o) => modification(cart, o)),
      } satisfies CartModificationList);
    },
  );

  api.post(
    "/users/:user/updateCart",
    {
      summary: "Set a line's quantity (0 removes it); more units than the stock allows are refused",
      auth: "optional",
      body: UpdateCartRequestSchema,
      answers: { 200: CartSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const request = input.body();
      const cart = await carts.update(siteOf(res), owner, request);
      // A line still in the cart is named by its product; a removed one (qty 0) only by its entry.
      const line = cart.entries.find((e) => e.entryNumber === request.entryNumber);
      await agents.record(
        siteOf(res).site,
        actor,
        "changed cart",
        `entry ${request.entryNumber} to ${request.qty}`,
        line ? [{ code: line.product.code, qty: request.qty }] : [],
      );
      noStore(res).json(cart satisfies Cart);
    },
  );

  const removeRecurring = (summary: string) =>
    ({ summary, auth: "optional", body: RemoveAdEntryRequestSchema, answers: { 200: CartSchema }, errors: CART_ERRORS }) as const;
  const removeRecurringEntry = async (req: Request, res: Response, input: { body(): RemoveAdEntryRequest }) => {
    const { owner, actor } = await ownerFor(req, res, agents);
    const request = input.body();
    const cart = await carts.removeRecurringEntry(siteOf(res), owner, request);
    await agents.record(siteOf(res).site, actor, "removed auto-delivery item", `entry ${request.entryNumber}`);
    noStore(res).json(cart satisfies Cart);
  };
  api.post(
    "/removeEntryFromAdCart",
    removeRecurring("Remove an auto-delivery line from the caller's cart (a signed-in customer's own, else a guest's by guid)"),
    removeRecurringEntry,
  );
  api.post("/users/:user/removeEntryFromAdCart", removeRecurring("Remove an auto-delivery line from this user's cart"), removeRecurringEntry);

  api.get(
    "/users/:user/carts/current",
    {
      summary: "The customer's open cart, priced now for their groups (with fields=FULL, its gift cards too); 404 while they have none",
      auth: "required",
      query: CartFieldsQuerySchema,
      answers: { 200: CART_ANSWER },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      // A guest's cart is known by its guid only.
      if (owner === "anonymous") throw cartNotFound();
      const { fields } = input.query();
      const cart: Cart | CartWithGiftCards =
        fields === "FULL" ? await giftCards.currentCartWithGiftCards(siteOf(res), owner.customerId) : await carts.current(siteOf(res), owner.customerId);
      await agents.record(siteOf(res).site, actor, "viewed cart", cart.code);
      noStore(res).json(cart);
    },
  );

  api.post(
    "/users/:user/carts/merge",
    {
      summary:
        "At sign-in: the guest cart joins the customer's open cart in one transaction (same product and entry type summed, capped at stock and 24 a line, products no longer sold left out); the guest cart can no longer be used. Answers the cart and what changed",
      auth: "required",
      body: MergeCartRequestSchema,
      answers: { 200: MergedCartSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      if (owner === "anonymous") throw cartNotFound();
      const { anonymousCartGuid } = input.body();
      const merged = await carts.merge(siteOf(res), owner.customerId, anonymousCartGuid);
      await agents.record(siteOf(res).site, actor, "merged a guest cart", `${merged.changes.length} change(s)`);
      noStore(res).json(merged);
    },
  );

  api.get(
    "/users/:user/carts/:cartGuid",
    {
      summary:
        "A cart by guid, priced now for its owner's groups (with fields=FULL, its gift cards too). Another shopper's, another brand's or a merged cart answers 404 like an unknown guid",
      auth: "optional",
      query: CartFieldsQuerySchema,
      answers: { 200: CART_ANSWER },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const { fields } = input.query();
      const cart: Cart | CartWithGiftCards =
        fields === "FULL" ? await giftCards.cartWithGiftCards(siteOf(res), owner, guidParam(req)) : await carts.read(siteOf(res), owner, guidParam(req));
      await agents.record(siteOf(res).site, actor, "viewed cart", cart.code);
      noStore(res).json(cart);
    },
  );

  api.get(
    "/users/:user/carts/:cartGuid/validate",
    {
      summary: "What checkout would have to change (stock, line maximum, products no longer sold); asking changes nothing",
      auth: "optional",
      answers: { 200: CartValidationSchema },
      errors: CART_ERRORS,
    },
    async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const validation = await carts.validate(siteOf(res), owner, guidParam(req));
      await agents.record(siteOf(res).site, actor, "checked cart", validation.cart.code);
      noStore(res).json(validation);
    },
  );

  api.get(
    "/cart/validateCart",
    {
      summary: "validateCart for the caller's cart (a signed-in customer's own, else a guest's by guid)",
      auth: "optional",
      query: ValidateCartQuerySchema,
      answers: { 200: CartValidationSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner } = await ownerFor(req, res, agents);
      const { cartGuid } = input.query();
      noStore(res).json(await carts.validate(siteOf(res), owner, cartGuid));
    },
  );

  return api.router;
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
