import type { Request, Response, Router } from "express";
import { CartGuidSchema } from "../contract/cart";
import { type Order, OrderSchema } from "../contract/checkout";
import {
  type DwCheckout,
  DwCheckoutSchema,
  type DwCheckoutStarted,
  DwCheckoutStartedSchema,
  type PaypalPaymentStatus,
  PaypalPaymentStatusSchema,
  PaypalStatusQuerySchema,
  PlacePaypalOrderRequestSchema,
  StartDwCheckoutRequestSchema,
} from "../contract/wallet";
import type { AssistedService } from "../domain/agents";
import { type CartOwner, cartNotFound } from "../domain/carts";
import type { CheckoutService } from "../domain/checkout";
import type { WalletCheckout } from "../domain/wallet-checkout";
import { callerOf, refuseCardEntryByAgent } from "./auth";
import { CART_ERRORS, noStore, ownerFor } from "./carts";
import { guestTokenNeeded } from "./checkout";
import { apiRouter } from "./operations";
import { paymentRefusals } from "./payments";
import { siteOf } from "./site";

const WALLET_ERRORS = {
  ...CART_ERRORS,
  403: "A customer-service agent paying with a wallet (ForbiddenError, reason agentCardEntry)",
  409: "PayPal is not offered here or does not fit this cart (PaymentError: walletNotOffered, walletNotForSubscriptions), or the cart changed since PayPal was asked (CheckoutError)",
  502: "PayPal refused the request (PaymentServiceError)",
  503: "PayPal did not answer, or the store is busy; try again (PaymentServiceUnavailableError, ServiceUnavailableError)",
};

/**
 * Digital wallets at checkout (decision 082), under the cart's path like the checkout's calls: a
 * guest comes with the guest token, a member names their open cart `current`. Paying is the
 * customer's own: an agent is refused, as with a card.
 */
export function walletsRouter(wallets: WalletCheckout, checkout: CheckoutService, agents: AssistedService): Router {
  const api = apiRouter();
  const cart = "/users/:user/carts/:cartGuid";

  /**
   * The owner and the cart named; `current` stays `current` when the member has no open cart any
   * more (it became the PayPal payment's order: coming back twice still finds it).
   */
  const walletOwner = async (req: Request, res: Response): Promise<{ owner: CartOwner; guid: string }> => {
    refuseCardEntryByAgent(res);
    const { owner } = await ownerFor(req, res, agents);
    if (owner === "anonymous" && callerOf(res)?.role !== "guest") throw guestTokenNeeded();
    const named = req.params.cartGuid;
    if (named === "current" && owner !== "anonymous") return { owner, guid: (await checkout.openCartGuid(siteOf(res).site, owner.customerId)) ?? "current" };
    const guid = CartGuidSchema.safeParse(named).data;
    if (!guid) throw cartNotFound();
    return { owner, guid };
  };

  api.get(
    `${cart}/prepareDwCheckout`,
    {
      summary:
        "The wallets this cart may be paid with now (PayPal where configured, for one-off orders), the amount they would be asked for, and the steps still missing",
      auth: "optional",
      answers: { 200: DwCheckoutSchema },
      errors: WALLET_ERRORS,
    },
    async (req, res) => {
      const { owner, guid } = await walletOwner(req, res);
      noStore(res).json((await wallets.offer(siteOf(res), owner, guid)) satisfies DwCheckout);
    },
  );

  api.post(
    `${cart}/prepareDwCheckout`,
    {
      summary:
        "A PayPal order for the amount due (intent AUTHORIZE), recorded as the cart's pending wallet payment; the shopper approves at approveUrl and PayPal sends them to returnUrl or cancelUrl",
      auth: "optional",
      body: StartDwCheckoutRequestSchema,
      answers: { 201: DwCheckoutStartedSchema },
      errors: { ...WALLET_ERRORS, 429: "Too many PayPal payments started for this cart (TooManyRequestsError)" },
    },
    async (req, res, input) => {
      const { owner, guid } = await walletOwner(req, res);
      const started = await wallets.start(siteOf(res), owner, guid, input.body());
      noStore(res)
        .status(201)
        .json(started satisfies DwCheckoutStarted);
    },
  );

  api.get(
    `${cart}/getPaypalPaymentStatus`,
    {
      summary:
        "Where the cart's PayPal payment stands: pending (not approved), approved (the order can be placed), cancelled, or ordered (with the order's code)",
      auth: "optional",
      query: PaypalStatusQuerySchema,
      answers: { 200: PaypalPaymentStatusSchema },
      errors: WALLET_ERRORS,
    },
    async (req, res, input) => {
      const { owner, guid } = await walletOwner(req, res);
      const { orderId } = input.query();
      noStore(res).json((await wallets.paypalStatus(siteOf(res), owner, guid, orderId)) satisfies PaypalPaymentStatus);
    },
  );

  api.post(
    `${cart}/placePaypalOrder`,
    {
      summary:
        "Place the cart's order paid with its approved PayPal payment, as an order paid by card (authorized, written at once, captured); the same PayPal payment answers the same order however often it is sent",
      auth: "optional",
      body: PlacePaypalOrderRequestSchema,
      answers: { 201: { description: "The order (the one placed before with this PayPal payment)", schema: OrderSchema } },
      errors: { ...WALLET_ERRORS, 402: "PayPal declined or the payment was not approved (PaymentError with the reason); nothing was ordered" },
    },
    async (req, res, input) => {
      const { owner, guid } = await walletOwner(req, res);
      const order = await wallets.placeOrder(siteOf(res), owner, guid, input.body());
      noStore(res)
        .status(201)
        .json(order satisfies Order);
    },
  );

  api.router.use(paymentRefusals);
  return api.router;
}
