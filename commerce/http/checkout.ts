import type { Request, Response, Router } from "express";
import { AcceptedSchema, type AuditAction } from "../contract/auth";
import { CartGuidSchema } from "../contract/cart";
import {
  CartIdQuerySchema,
  type Checkout,
  CheckoutSchema,
  ChosenDeliveryAddressRequestSchema,
  CreateUserFromOrderRequestSchema,
  DeliveryDetailsRequestSchema,
  DeliveryModesSchema,
  type GuestEmailRequest,
  GuestEmailRequestSchema,
  NewDeliveryAddressRequestSchema,
  type Order,
  OrderCodeSchema,
  type OrderHistory,
  OrderHistoryQuerySchema,
  OrderHistorySchema,
  OrderQuerySchema,
  OrderSchema,
  PerksJoinRequestSchema,
  PlaceOrderRequestSchema,
} from "../contract/checkout";
import type { AccountService, Actor } from "../domain/accounts";
import type { AssistedService } from "../domain/agents";
import { type CartOwner, cartNotFound } from "../domain/carts";
import type { CheckoutService } from "../domain/checkout";
import { callerOf, clientAddress, NO_AGENT_SESSION } from "./auth";
import { CART_ERRORS, noStore, ownerFor } from "./carts";
import { ApiProblem } from "./errors";
import { apiRouter, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/** How checkout calls refuse: as cart calls, and with a conflict when what the shopper reviewed changed. */
const CHECKOUT_ERRORS = {
  ...CART_ERRORS,
  400: "Invalid input (ValidationError) or a step not possible yet (CheckoutError with its reason: emptyCart, missing_email, missing_deliveryAddress, ...)",
  401: "No valid access token, or a guest's call without the guest token (InvalidTokenError, UnauthorizedError)",
  409: "The total, a gift card's balance, a delivery cost or the cart changed since the shopper reviewed it, or stock ran out (CheckoutError, InsufficientStockError)",
};

/** A guest's checkout call without the guest token (client_credentials). */
export const guestTokenNeeded = () =>
  new ApiProblem(401, { type: "UnauthorizedError", message: "Guest checkout needs a guest access token (client_credentials)." });

/**
 * Single-step checkout and orders under /rest/v2/{brand}/. The cart is named as in the cart
 * calls (`users/anonymous/carts/{guid}` for a guest, `users/current/carts/{guid}` for a member,
 * `users/{customerId}/…` for an agent's customer, inside an assisted session, every read and change
 * audited). A guest's calls carry the storefront's guest token; anything not the caller's answers
 * 404, exactly as something that does not exist.
 */
export function checkoutRouter(checkout: CheckoutService, accounts: AccountService, agents: AssistedService): Router {
  const api = apiRouter();

  /** The cart's owner for a checkout call; a guest must come with the guest token. */
  const checkoutOwner = async (
    req: Request,
    res: Response,
  ): Promise<{ owner: CartOwner; guid: string; actor?: Actor; record: (action: AuditAction, detail: string) => Promise<void> }> => {
    const { owner, actor } = await ownerFor(req, res, agents);
    if (owner === "anonymous" && callerOf(res)?.role !== "guest") throw guestTokenNeeded();
    const named = req.params.cartGuid ?? req.query.cartId;
    const site = siteOf(res).site;
    // `cartId=current`: the member's open cart.
    const guid = named === "current" && owner !== "anonymous" ? await checkout.openCartGuid(site, owner.customerId) : CartGuidSchema.safeParse(named).data;
    if (!guid) throw cartNotFound();
    return { owner, guid, actor, record: (action, detail) => agents.record(site, actor, action, detail) };
  };

  api.get(
    "/users/:user/carts/:cartGuid/checkout",
    {
      summary:
        "The single-step checkout of the cart, priced now: delivery address and modes, taxes, gift cards, the amount due by card, and what is still missing",
      auth: "optional",
      answers: { 200: CheckoutSchema },
      errors: CHECKOUT_ERRORS,
    },
    async (req, res) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const answer = await checkout.checkout(siteOf(res), owner, guid);
      await record("viewed checkout", answer.cart.code);
      noStore(res).json(answer satisfies Checkout);
    },
  );

  const guestEmail = async (req: Request, res: Response, input: { body(): GuestEmailRequest }) => {
    const { owner, guid, record } = await checkoutOwner(req, res);
    const { email } = input.body();
    const answer = await checkout.setGuestEmail(siteOf(res), owner, guid, email);
    await record("set the order's e-mail", answer.cart.code);
    noStore(res).json(answer satisfies Checkout);
  };
  const setGuestEmail = (summary: string) =>
    ({ summary, auth: "optional", body: GuestEmailRequestSchema, answers: { 200: CheckoutSchema }, errors: CHECKOUT_ERRORS }) as const;
  api.put("/users/:user/carts/:cartGuid/email", setGuestEmail("A guest's e-mail for the order confirmation (members order with their account's)"), guestEmail);
  // The same for a guest: whether the address has an account is never told (no account probing).
  api.post(
    "/users/:user/carts/:cartGuid/checkandCreateGuestUser",
    setGuestEmail("The guest's e-mail, as PUT email; whether the address has an account is never told"),
    guestEmail,
  );

  api.put(
    "/users/:user/carts/:cartGuid/perksJoin",
    {
      summary:
        "Join perks with this order: a guest's order earns its points once the account is made from the confirmation page (a walk-up member); a signed-in customer joins at once. 404 where the store has no perks",
      auth: "optional",
      body: PerksJoinRequestSchema,
      answers: { 200: CheckoutSchema },
      errors: CHECKOUT_ERRORS,
    },
    async (req, res, input) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const { join } = input.body();
      const answer = await checkout.setPerksJoin(siteOf(res), owner, guid, join);
      await record(join ? "joined perks at checkout" : "left perks at checkout", answer.cart.code);
      noStore(res).json(answer satisfies Checkout);
    },
  );

  api.post(
    "/users/:user/carts/:cartGuid/addresses/delivery",
    {
      summary: "A new delivery address in the store's country (a member may keep it in the address book); the delivery mode is chosen again",
      auth: "optional",
      body: NewDeliveryAddressRequestSchema,
      answers: { 200: CheckoutSchema },
      errors: CHECKOUT_ERRORS,
    },
    async (req, res, input) => {
      const { owner, guid, actor, record } = await checkoutOwner(req, res);
      const { address, saveInAddressBook } = input.body();
      // Saved in the address book by an agent: "added address" is written with the address.
      const audit = actor ? agents.auditWriter(siteOf(res).site, actor) : async () => undefined;
      const answer = await checkout.setNewDeliveryAddress(siteOf(res), owner, guid, address, saveInAddressBook, audit);
      await record("set delivery address", `${address.town}, ${address.region} ${address.country}`);
      noStore(res).json(answer satisfies Checkout);
    },
  );

  api.put(
    "/users/:user/carts/:cartGuid/addresses/delivery",
    {
      summary: "A delivery address from the member's address book (addressId, query or body); the delivery mode is chosen again",
      auth: "required",
      query: ChosenDeliveryAddressRequestSchema.partial(),
      body: ChosenDeliveryAddressRequestSchema,
      answers: { 200: CheckoutSchema },
      errors: CHECKOUT_ERRORS,
    },
    async (req, res, input) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const { addressId } = input.body({ ...req.query, ...req.body });
      const answer = await checkout.chooseDeliveryAddress(siteOf(res), owner, guid, addressId);
      await record("chose delivery address", addressId);
      noStore(res).json(answer satisfies Checkout);
    },
  );

  api.get(
    "/users/:user/carts/:cartGuid/deliverymodes",
    {
      summary: "The delivery modes offered for the cart's address, with their cost and delivery estimate (none before an address is set)",
      auth: "optional",
      answers: { 200: DeliveryModesSchema },
      errors: CHECKOUT_ERRORS,
    },
    async (req, res) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const { cart, deliveryModes } = await checkout.checkout(siteOf(res), owner, guid);
      await record("viewed delivery modes", cart.code);
      noStore(res).json({ deliveryModes });
    },
  );

  api.put(
    "/users/:user/carts/:cartGuid/updateDeliveryDetails",
    {
      summary:
        "Choose a delivery mode offered for the address (and a contact number; addressId chooses a saved address first), query or body. A deliveryCost other than the service's own answers 409 with the current cost",
      auth: "optional",
      query: DeliveryDetailsRequestSchema.partial(),
      body: DeliveryDetailsRequestSchema,
      answers: { 200: CheckoutSchema },
      errors: CHECKOUT_ERRORS,
    },
    async (req, res, input) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const request = input.body({ ...req.query, ...req.body });
      const answer = await checkout.setDeliveryDetails(siteOf(res), owner, guid, request);
      await record("chose delivery", request.deliveryModeId);
      noStore(res).json(answer satisfies Checkout);
    },
  );

  api.post(
    "/users/:user/orders",
    {
      summary:
        "Place the order of the cart (cartId: its guid, or `current` for a member's open cart). The card is authorised, then stock, coupon uses, gift cards and the order are written at once and the card captured. The same checkoutKey answers the same order however often it is sent; a total or gift card that changed since the review answers 409",
      auth: "optional",
      query: CartIdQuerySchema,
      body: PlaceOrderRequestSchema,
      answers: { 201: { description: "The order (the one placed before, for a checkoutKey or cart already ordered)", schema: OrderSchema } },
      errors: { ...CHECKOUT_ERRORS, 402: "The card was declined or could not be charged (PaymentError with the reason); nothing was ordered" },
    },
    async (req, res, input) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const request = input.body();
      const order = await checkout.placeOrder(siteOf(res), owner, guid, request);
      await record("placed order", order.code);
      noStore(res)
        .status(201)
        .json(order satisfies Order);
    },
  );

  api.get(
    "/users/:user/orders",
    {
      summary: "The customer's orders on this site, newest first, a page at a time",
      auth: "required",
      query: OrderHistoryQuerySchema,
      answers: { 200: OrderHistorySchema },
      errors: { 400: "Invalid paging (ValidationError)", 401: UNAUTHORIZED, 403: NO_AGENT_SESSION, 404: NO_SUCH_USER },
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      if (owner === "anonymous") throw new ApiProblem(401, { type: "UnauthorizedError", message: "Sign in to see your orders." });
      const query = input.query();
      const history = await checkout.history(siteOf(res), owner.customerId, query.currentPage, query.pageSize);
      await agents.record(siteOf(res).site, actor, "viewed orders", `page ${query.currentPage}`);
      noStore(res).json(history satisfies OrderHistory);
    },
  );

  api.get(
    "/users/:user/orders/:code",
    {
      summary: "An order as it was placed: a member's own (or an agent's customer's), or a guest's with the guid of the cart it was placed from",
      auth: "optional",
      query: OrderQuerySchema,
      answers: { 200: OrderSchema },
      errors: { 401: UNAUTHORIZED, 403: NO_AGENT_SESSION, 404: "No such order for this caller (UnknownIdentifierError)" },
    },
    async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      if (owner === "anonymous" && callerOf(res)?.role !== "guest") throw guestTokenNeeded();
      const code = orderCode(req);
      const guid = CartGuidSchema.safeParse(req.query.guid);
      const order = await checkout.order(siteOf(res), owner, code, guid.success ? guid.data : undefined);
      await agents.record(siteOf(res).site, actor, "viewed order", order.code);
      noStore(res).json(order satisfies Order);
    },
  );

  api.post(
    "/users/anonymous/orders/:code/createuser",
    {
      summary:
        "After a guest order: an account for the order's e-mail, with this password, to which the order moves once the sign-up is confirmed. Always 202 with the same body",
      auth: "optional",
      body: CreateUserFromOrderRequestSchema,
      answers: { 202: AcceptedSchema },
      errors: {
        400: "Invalid input (ValidationError)",
        401: UNAUTHORIZED,
        404: "No such order for this guest",
        409: "The order already belongs to an account",
        429: "Too many sign-ups from this address",
      },
    },
    async (req, res, input) => {
      if (callerOf(res)?.role !== "guest") throw guestTokenNeeded();
      const site = siteOf(res);
      const { guid, password } = input.body();
      await checkout.attachToNewAccount(site, orderCode(req), guid, (email, names) =>
        accounts.signUp(site.site, site.lang, { email, password, ...names }, clientAddress(req)),
      );
      noStore(res).status(202).json({ status: "accepted", message: "If this address can open an account, we have sent a link to confirm it." });
    },
  );

  return api.router;
}

/** A malformed order number names no order: the same 404 as an unknown one. */
function orderCode(req: Request): string {
  const parsed = OrderCodeSchema.safeParse(req.params.code);
  if (!parsed.success) throw new ApiProblem(404, { type: "UnknownIdentifierError", subject: "code", subjectType: "order", message: "Order not found." });
  return parsed.data;
}
