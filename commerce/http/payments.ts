import type { ErrorRequestHandler, Router } from "express";
import type { z } from "zod";
import { type ApiErrorItem, NoInputSchema } from "../contract/common";
import {
  type CardFieldProblem,
  CardFieldsSchema,
  type PaymentDetails,
  PaymentDetailsSchema,
  type PaymentEvent,
  PaymentEventSchema,
  type StripeCustomer,
  StripeCustomerSchema,
  type StripeIntent,
  StripeIntentSchema,
  UpdatePaymentDetailsRequestSchema,
  WalletCancelRequestSchema,
  WalletErrorRequestSchema,
  readCardForm,
} from "../contract/payment";
import type { AssistedService } from "../domain/agents";
import { type PaymentService, PaymentProviderError } from "../domain/payments/index";
import { actorFor, NO_AGENT_SESSION, refuseCardEntryByAgent } from "./auth";
import { CART_ERRORS, guidParam, noStore, ownerFor } from "./carts";
import { ApiProblem } from "./errors";
import { apiRouter, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

const PROVIDER_ERRORS = {
  502: "The payment provider refused the request (PaymentServiceError)",
  503: "The payment provider did not answer, or the store is busy; try again (PaymentServiceUnavailableError, ServiceUnavailableError)",
};
/** Card entry is the customer's own: an agent is refused whatever the cart, session or not. */
const CARD_ENTRY_ERRORS = { ...CART_ERRORS, 403: "A customer-service agent entering a card (ForbiddenError, reason agentCardEntry)" };
const WALLET_ERRORS = { ...CARD_ENTRY_ERRORS, 429: "Too many wallet reports for this cart (TooManyRequestsError)" };
const STRIPE_ERRORS = {
  409: "Stripe is not set up on this store (PaymentError, reason stripeNotConfigured)",
  502: "Stripe refused the request (PaymentServiceError)",
  503: "Stripe did not answer; try again (PaymentServiceUnavailableError)",
};
const stripeOnCart = (summary: string) =>
  ({ summary, auth: "optional", body: NoInputSchema, answers: { 200: StripeIntentSchema }, errors: { ...CARD_ENTRY_ERRORS, ...STRIPE_ERRORS } }) as const;
const stripeAccount = (summary: string, answer: z.ZodType) =>
  ({
    summary,
    auth: "required",
    answers: { 200: answer },
    errors: { 400: "Invalid input (ValidationError)", 401: UNAUTHORIZED, 403: NO_AGENT_SESSION, 404: NO_SUCH_USER, ...STRIPE_ERRORS },
  }) as const;

/**
 * Paying for a cart, under the cart's own path (users/{user}/carts/{guid}/…), with the cart's rule:
 * a cart that is not the caller's answers 404 like an unknown guid. The Stripe customer calls are
 * about the account, not a cart, so they live under users/{user}/stripe/ and need a signed-in
 * customer (or an agent acting for one). Card numbers arrive only in bodies and are never echoed.
 * Entering a card (its number, a Stripe intent, a wallet's sheet) is the customer's alone: an agent
 * is refused 403 on any cart, as the storefront refuses its card form to agents.
 */
export function paymentsRouter(payments: PaymentService, agents: AssistedService): Router {
  const api = apiRouter();
  const cart = "/users/:user/carts/:cartGuid";

  api.post(
    `${cart}/paymentdetails`,
    {
      summary:
        "Choose the card to pay with: the provider tokenizes it and the cart keeps brand, last four, expiry, holder and billing postal code (never the number or code). 201 with the masked card; 400 names each wrong field (subject) with a reason: missing, invalid, invalid_number, invalid_expiry, expired_card, invalid_cvc",
      auth: "optional",
      body: CardFieldsSchema,
      answers: { 201: PaymentDetailsSchema },
      errors: { ...CARD_ENTRY_ERRORS, 429: "Too many cards tried on this cart (TooManyRequestsError)", ...PROVIDER_ERRORS },
    },
    async (req, res) => {
      refuseCardEntryByAgent(res);
      const { owner } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const form = readCardForm(req.body);
      // Every field's message at once, so a form can show each next to its field.
      if (!form.ok) throw new FieldErrors(form.problems);
      const details = await payments.choose(siteOf(res), owner, guid, form.card);
      noStore(res)
        .status(201)
        .json(details satisfies PaymentDetails);
    },
  );

  api.get(
    `${cart}/paymentdetails`,
    {
      summary: "The card chosen for the cart, masked; 404 PaymentError while none is",
      auth: "optional",
      answers: { 200: PaymentDetailsSchema },
      errors: CART_ERRORS,
    },
    async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const details = await payments.read(siteOf(res), owner, guidParam(req));
      await agents.record(siteOf(res).site, actor, "viewed the card chosen", `${details.cardType.name} ending ${details.last4}`);
      noStore(res).json(details satisfies PaymentDetails);
    },
  );

  api.post(
    `${cart}/updatePaymentDetails`,
    {
      summary: "Change the holder's name or billing postal code of the card chosen (a new card is chosen with paymentdetails)",
      auth: "optional",
      body: UpdatePaymentDetailsRequestSchema,
      answers: { 200: PaymentDetailsSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const change = input.body(req.body ?? {});
      const details = await payments.updateBilling(siteOf(res), owner, guid, change);
      await agents.record(siteOf(res).site, actor, "changed the card's billing details", `card ending ${details.last4}`);
      noStore(res).json(details satisfies PaymentDetails);
    },
  );

  api.post(
    `${cart}/stripe/createPaymentIntent`,
    stripeOnCart(
      "A manual-capture Stripe payment intent for the cart's total, for Stripe.js to confirm (wallets); one per cart: asked again, its amount follows the cart",
    ),
    async (req, res) => {
      refuseCardEntryByAgent(res);
      const { owner } = await ownerFor(req, res, agents);
      noStore(res).json((await payments.createPaymentIntent(siteOf(res), owner, guidParam(req))) satisfies StripeIntent);
    },
  );

  api.post(`${cart}/stripe/updatePaymentIntent`, stripeOnCart("The cart's payment intent follows the cart's current total"), async (req, res) => {
    refuseCardEntryByAgent(res);
    const { owner } = await ownerFor(req, res, agents);
    noStore(res).json((await payments.updatePaymentIntent(siteOf(res), owner, guidParam(req))) satisfies StripeIntent);
  });

  api.post(
    "/users/:user/stripe/setupPaymentIntent",
    {
      ...stripeAccount("A Stripe setup intent to save a card to the customer's Stripe account (never an agent's to make)", StripeIntentSchema),
      body: NoInputSchema,
    },
    async (req, res) => {
      refuseCardEntryByAgent(res);
      const { customerId } = await actorFor(req, res, agents);
      noStore(res).json((await payments.setupPaymentIntent(customerId)) satisfies StripeIntent);
    },
  );

  api.put(
    "/users/:user/stripe/updateStripeCustomerId",
    {
      ...stripeAccount(
        "Make sure the customer has a Stripe customer with their current e-mail and name (created when missing); the id is never taken from the caller",
        StripeCustomerSchema,
      ),
      body: NoInputSchema,
    },
    async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const stripeCustomerId = await payments.ensureStripeCustomer(actor.customerId);
      await agents.record(siteOf(res).site, actor, "updated the Stripe customer", stripeCustomerId);
      noStore(res).json({ stripeCustomerId } satisfies StripeCustomer);
    },
  );

  api.get(
    "/users/:user/stripe/fetchStripeCustomerId",
    stripeAccount("The customer's Stripe customer id, or null; asking creates nothing", StripeCustomerSchema),
    async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const answer = await payments.stripeCustomerOf(actor.customerId);
      await agents.record(siteOf(res).site, actor, "viewed the Stripe customer", answer.stripeCustomerId ?? "none");
      noStore(res).json(answer satisfies StripeCustomer);
    },
  );

  api.post(
    `${cart}/cancelDigitalWalletPayment`,
    {
      summary:
        "Record that the shopper closed a wallet's payment sheet, or came back from PayPal without approving (orderId: that PayPal payment is marked cancelled; another cart's answers 404)",
      auth: "optional",
      body: WalletCancelRequestSchema,
      answers: { 200: PaymentEventSchema },
      errors: WALLET_ERRORS,
    },
    async (req, res, input) => {
      refuseCardEntryByAgent(res);
      const { owner } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const { wallet, reason, orderId } = input.body(req.body ?? {});
      await payments.recordWalletEvent(siteOf(res), owner, guid, {
        kind: "walletCancelled",
        wallet,
        message: reason ?? "The shopper closed the wallet.",
        paypalOrderId: orderId,
      });
      noStore(res).json({ kind: "walletCancelled", recorded: true } satisfies PaymentEvent);
    },
  );

  api.post(
    `${cart}/logDigitalWalletError`,
    {
      summary: "Record an error a wallet reported on the page",
      auth: "optional",
      body: WalletErrorRequestSchema,
      answers: { 200: PaymentEventSchema },
      errors: WALLET_ERRORS,
    },
    async (req, res, input) => {
      refuseCardEntryByAgent(res);
      const { owner } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const { wallet, code, message } = input.body(req.body ?? {});
      await payments.recordWalletEvent(siteOf(res), owner, guid, { kind: "walletError", wallet, code, message });
      noStore(res).json({ kind: "walletError", recorded: true } satisfies PaymentEvent);
    },
  );

  api.router.use(paymentRefusals);
  return api.router;
}

/** A card form's problems, one per field (subject = the field), answered 400 together. */
class FieldErrors extends Error {
  readonly items: ApiErrorItem[];
  constructor(problems: readonly CardFieldProblem[]) {
    super("card fields refused");
    this.items = problems.map((p) => ({ type: "ValidationError", subject: p.field, reason: p.reason, message: p.message }));
  }
}

/**
 * The payment answers of this router's handlers: a card form's field errors, and a provider that
 * did not answer (503, try again: every call to it is idempotent) or refused the request (502).
 */
export const paymentRefusals: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof FieldErrors) {
    noStore(res).status(400).json({ errors: err.items });
    return;
  }
  if (!(err instanceof PaymentProviderError)) return next(err);
  if (err.code === "provider_unavailable") {
    res.set("Retry-After", "2");
    return next(new ApiProblem(503, { type: "PaymentServiceUnavailableError", message: "The payment service did not answer. Please try again in a moment." }));
  }
  next(new ApiProblem(502, { type: "PaymentServiceError", message: "The payment service refused this request. Please try again or use another card." }));
};
