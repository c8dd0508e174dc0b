import { type Request, type Response, Router } from "express";
import type { ApiErrorItem } from "../contract/common";
import {
  type CardFieldProblem,
  type PaymentDetails,
  type PaymentEvent,
  type StripeCustomer,
  type StripeIntent,
  UpdatePaymentDetailsRequestSchema,
  WalletCancelRequestSchema,
  WalletErrorRequestSchema,
  readCardForm,
} from "../contract/payment";
import type { AssistedService } from "../domain/agents";
import { type PaymentService, PaymentProviderError } from "../domain/payments/index";
import { actorFor } from "./auth";
import { guidParam, ownerFor } from "./carts";
import { ApiProblem } from "./errors";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

/**
 * Paying for a cart, under the cart's own path (users/{user}/carts/{guid}/…), with the cart's rule:
 * a cart that is not the caller's answers 404 like an unknown guid. The Stripe customer calls are
 * about the account, not a cart, so they live under users/{user}/stripe/ and need a signed-in
 * customer (or an agent acting for one). Card numbers arrive only in bodies and are never echoed.
 */
export function paymentsRouter(payments: PaymentService, agents: AssistedService): Router {
  const router = Router({ mergeParams: true });
  const cart = "/users/:user/carts/:cartGuid";

  router.post(
    `${cart}/paymentdetails`,
    paying(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const form = readCardForm(req.body);
      // Every field's message at once, so a form can show each next to its field.
      if (!form.ok) throw new FieldErrors(form.problems);
      const details = await payments.choose(siteOf(res), owner, guid, form.card);
      if (actor) await agents.record(siteOf(res).site, actor, "chose a card", `${details.cardType.name} ending ${details.last4}`);
      noStore(res)
        .status(201)
        .json(details satisfies PaymentDetails);
    }),
  );

  router.get(
    `${cart}/paymentdetails`,
    paying(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      noStore(res).json((await payments.read(siteOf(res), owner, guidParam(req))) satisfies PaymentDetails);
    }),
  );

  router.post(
    `${cart}/updatePaymentDetails`,
    paying(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const change = parse(UpdatePaymentDetailsRequestSchema, req.body ?? {});
      const details = await payments.updateBilling(siteOf(res), owner, guid, change);
      if (actor) await agents.record(siteOf(res).site, actor, "changed the card's billing details", `card ending ${details.last4}`);
      noStore(res).json(details satisfies PaymentDetails);
    }),
  );

  router.post(
    `${cart}/stripe/createPaymentIntent`,
    paying(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      noStore(res).json((await payments.createPaymentIntent(siteOf(res), owner, guidParam(req))) satisfies StripeIntent);
    }),
  );

  router.post(
    `${cart}/stripe/updatePaymentIntent`,
    paying(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      noStore(res).json((await payments.updatePaymentIntent(siteOf(res), owner, guidParam(req))) satisfies StripeIntent);
    }),
  );

  router.post(
    "/users/:user/stripe/setupPaymentIntent",
    paying(async (req, res) => {
      const { customerId } = await actorFor(req, res, agents);
      noStore(res).json((await payments.setupPaymentIntent(customerId)) satisfies StripeIntent);
    }),
  );

  router.put(
    "/users/:user/stripe/updateStripeCustomerId",
    paying(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const stripeCustomerId = await payments.ensureStripeCustomer(actor.customerId);
      if (actor.agent) await agents.record(siteOf(res).site, actor, "updated the Stripe customer", stripeCustomerId);
      noStore(res).json({ stripeCustomerId } satisfies StripeCustomer);
    }),
  );

  router.get(
    "/users/:user/stripe/fetchStripeCustomerId",
    paying(async (req, res) => {
      const { customerId } = await actorFor(req, res, agents);
      noStore(res).json((await payments.stripeCustomerOf(customerId)) satisfies StripeCustomer);
    }),
  );

  router.post(
    `${cart}/cancelDigitalWalletPayment`,
    paying(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const { wallet, reason } = parse(WalletCancelRequestSchema, req.body ?? {});
      await payments.recordWalletEvent(siteOf(res), owner, guid, { kind: "walletCancelled", wallet, message: reason ?? "The shopper closed the wallet." });
      noStore(res).json({ kind: "walletCancelled", recorded: true } satisfies PaymentEvent);
    }),
  );

  router.post(
    `${cart}/logDigitalWalletError`,
    paying(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      const guid = guidParam(req);
      const { wallet, code, message } = parse(WalletErrorRequestSchema, req.body ?? {});
      await payments.recordWalletEvent(siteOf(res), owner, guid, { kind: "walletError", wallet, code, message });
      noStore(res).json({ kind: "walletError", recorded: true } satisfies PaymentEvent);
    }),
  );

  return router;
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
 * handle() plus the payment answers: a card form's field errors, and a provider that did not
 * answer (503, try again: every call to it is idempotent) or refused the request (502).
 */
function paying(fn: (req: Request, res: Response) => Promise<void>) {
  return handle(async (req, res) => {
    try {
      await fn(req, res);
    } catch (err) {
      if (err instanceof FieldErrors) {
        noStore(res).status(400).json({ errors: err.items });
        return;
      }
      if (err instanceof PaymentProviderError) {
        if (err.code === "provider_unavailable") {
          res.set("Retry-After", "2");
          throw new ApiProblem(503, { type: "PaymentServiceUnavailableError", message: "The payment service did not answer. Please try again in a moment." });
        }
        throw new ApiProblem(502, { type: "PaymentServiceError", message: "The payment service refused this request. Please try again or use another card." });
      }
      throw err;
    }
  });
}

/** Payment answers belong to one shopper and change with the cart: no cache may keep them. */
function noStore(res: Response): Response {
  return res.set("Cache-Control", "private, no-store");
}
