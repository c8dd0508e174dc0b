import { type Request, type Response, Router } from "express";
import { CartGuidSchema } from "../contract/cart";
import {
  type Checkout,
  ChosenDeliveryAddressRequestSchema,
  CreateUserFromOrderRequestSchema,
  DeliveryDetailsRequestSchema,
  GuestEmailRequestSchema,
  NewDeliveryAddressRequestSchema,
  type Order,
  OrderCodeSchema,
  type OrderHistory,
  OrderHistoryQuerySchema,
  PlaceOrderRequestSchema,
} from "../contract/checkout";
import type { AccountService } from "../domain/accounts";
import type { AssistedService } from "../domain/agents";
import { type CartOwner, cartNotFound } from "../domain/carts";
import type { CheckoutService } from "../domain/checkout";
import { callerOf, clientAddress } from "./auth";
import { ownerFor } from "./carts";
import { ApiProblem } from "./errors";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

const guestTokenNeeded = () => new ApiProblem(401, { type: "UnauthorizedError", message: "Guest checkout needs a guest access token (client_credentials)." });

/**
 * Single-step checkout and orders under /rest/v2/{brand}/. The cart is named as in the cart
 * calls (`users/anonymous/carts/{guid}` for a guest, `users/current/carts/{guid}` for a member,
 * `users/{customerId}/…` for an agent's customer). A guest's calls carry the storefront's guest
 * token; anything not the caller's answers 404, exactly as something that does not exist.
 */
export function checkoutRouter(checkout: CheckoutService, accounts: AccountService, agents: AssistedService): Router {
  const router = Router({ mergeParams: true });

  /** The cart's owner for a checkout call; a guest must come with the guest token. */
  const checkoutOwner = async (
    req: Request,
    res: Response,
  ): Promise<{ owner: CartOwner; guid: string; record: (action: string, detail: string) => Promise<void> }> => {
    const { owner, actor } = await ownerFor(req, res, agents);
    if (owner === "anonymous" && callerOf(res)?.role !== "guest") throw guestTokenNeeded();
    const named = req.params.cartGuid ?? req.query.cartId;
    const site = siteOf(res).site;
    // `cartId=current`: the member's open cart.
    const guid = named === "current" && owner !== "anonymous" ? await checkout.openCartGuid(site, owner.customerId) : CartGuidSchema.safeParse(named).data;
    if (!guid) throw cartNotFound();
    return { owner, guid, record: async (action, detail) => (actor ? agents.record(site, actor, action, detail) : undefined) };
  };

  router.get(
    "/users/:user/carts/:cartGuid/checkout",
    handle(async (req, res) => {
      const { owner, guid } = await checkoutOwner(req, res);
      noStore(res).json((await checkout.checkout(siteOf(res), owner, guid)) satisfies Checkout);
    }),
  );

  const guestEmail = handle(async (req, res) => {
    const { owner, guid } = await checkoutOwner(req, res);
    const { email } = parse(GuestEmailRequestSchema, req.body);
    noStore(res).json((await checkout.setGuestEmail(siteOf(res), owner, guid, email)) satisfies Checkout);
  });
  router.put("/users/:user/carts/:cartGuid/email", guestEmail);
  // The same for a guest: whether the address has an account is never told (no account probing).
  router.post("/users/:user/carts/:cartGuid/checkandCreateGuestUser", guestEmail);

  router.post(
    "/users/:user/carts/:cartGuid/addresses/delivery",
    handle(async (req, res) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const { address, saveInAddressBook } = parse(NewDeliveryAddressRequestSchema, req.body);
      const audit = owner === "anonymous" ? async () => undefined : agents.auditWriter(siteOf(res).site, { customerId: owner.customerId });
      const answer = await checkout.setNewDeliveryAddress(siteOf(res), owner, guid, address, saveInAddressBook, audit);
      await record("set delivery address", `${address.town}, ${address.region} ${address.country}`);
      noStore(res).json(answer satisfies Checkout);
    }),
  );

  router.put(
    "/users/:user/carts/:cartGuid/addresses/delivery",
    handle(async (req, res) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const { addressId } = parse(ChosenDeliveryAddressRequestSchema, { ...req.query, ...req.body });
      const answer = await checkout.chooseDeliveryAddress(siteOf(res), owner, guid, addressId);
      await record("chose delivery address", addressId);
      noStore(res).json(answer satisfies Checkout);
    }),
  );

  router.get(
    "/users/:user/carts/:cartGuid/deliverymodes",
    handle(async (req, res) => {
      const { owner, guid } = await checkoutOwner(req, res);
      const { deliveryModes } = await checkout.checkout(siteOf(res), owner, guid);
      noStore(res).json({ deliveryModes });
    }),
  );

  router.put(
    "/users/:user/carts/:cartGuid/updateDeliveryDetails",
    handle(async (req, res) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const request = parse(DeliveryDetailsRequestSchema, { ...req.query, ...req.body });
      const answer = await checkout.setDeliveryDetails(siteOf(res), owner, guid, request);
      await record("chose delivery", request.deliveryModeId);
      noStore(res).json(answer satisfies Checkout);
    }),
  );

  router.post(
    "/users/:user/orders",
    handle(async (req, res) => {
      const { owner, guid, record } = await checkoutOwner(req, res);
      const request = parse(PlaceOrderRequestSchema, req.body);
      const order = await checkout.placeOrder(siteOf(res), owner, guid, request);
      await record("placed order", order.code);
      noStore(res)
        .status(201)
        .json(order satisfies Order);
    }),
  );

  router.get(
    "/users/:user/orders",
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      if (owner === "anonymous") throw new ApiProblem(401, { type: "UnauthorizedError", message: "Sign in to see your orders." });
      const query = parse(OrderHistoryQuerySchema, req.query);
      noStore(res).json((await checkout.history(siteOf(res), owner.customerId, query.currentPage, query.pageSize)) satisfies OrderHistory);
    }),
  );

  router.get(
    "/users/:user/orders/:code",
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      if (owner === "anonymous" && callerOf(res)?.role !== "guest") throw guestTokenNeeded();
      const code = orderCode(req);
      const guid = CartGuidSchema.safeParse(req.query.guid);
      noStore(res).json((await checkout.order(siteOf(res), owner, code, guid.success ? guid.data : undefined)) satisfies Order);
    }),
  );

  router.post(
    "/users/anonymous/orders/:code/createuser",
    handle(async (req, res) => {
      if (callerOf(res)?.role !== "guest") throw guestTokenNeeded();
      const site = siteOf(res);
      const { guid, password } = parse(CreateUserFromOrderRequestSchema, req.body);
      await checkout.attachToNewAccount(site, orderCode(req), guid, (email, names) =>
        accounts.signUp(site.site, site.lang, { email, password, ...names }, clientAddress(req)),
      );
      noStore(res).status(202).json({ status: "accepted", message: "If this address can open an account, we have sent a link to confirm it." });
    }),
  );

  return router;
}

/** A malformed order number names no order: the same 404 as an unknown one. */
function orderCode(req: Request): string {
  const parsed = OrderCodeSchema.safeParse(req.params.code);
  if (!parsed.success) throw new ApiProblem(404, { type: "UnknownIdentifierError", subject: "code", subjectType: "order", message: "Order not found." });
  return parsed.data;
}

/** Checkout answers are one shopper's: no cache may keep them. */
function noStore(res: Response): Response {
  return res.set("Cache-Control", "private, no-store");
}
