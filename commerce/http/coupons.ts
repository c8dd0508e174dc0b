import type { Request, Response, Router } from "express";
import { z } from "zod";
import type { AuditAction } from "../contract/auth";
import { type Cart, CartGuidSchema, CartSchema, CouponCartInputSchema } from "../contract/cart";
import { CouponCodeInputSchema } from "../contract/coupon";
import type { AssistedService } from "../domain/agents";
import { type CartOwner, cartNotFound } from "../domain/carts";
import type { CouponService } from "../domain/coupons";
import { clientAddress } from "./auth";
import { CART_ERRORS, guidParam, noStore, ownerFor } from "./carts";
import { apiRouter } from "./operations";
import { siteOf } from "./site";

const COUPON_ERRORS = {
  ...CART_ERRORS,
  400: "A malformed code (ValidationError) or a code that cannot be used (CouponError with its reason; to a guest, a code that does not exist, has ended or has not started is `unknown` alike)",
  429: "Too many codes that could not be used from this address in the last hour (Retry-After)",
};
const CODE_QUERY = z.object({ couponCode: z.string().optional(), voucherId: z.string().optional().meta({ description: "OCC's name for couponCode" }) });
const CART_QUERY = CODE_QUERY.extend({ cartGuid: CartGuidSchema.optional() });
const CART_PARAM = z.object({
  cartGuid: z.union([CartGuidSchema, z.literal("current")]).meta({ description: "The cart's guid, or `current` for a customer's open cart" }),
});
const coupon = (summary: string) =>
  ({
    summary,
    auth: "optional",
    answers: { 200: { description: "The cart, priced with its coupons (never cached)", schema: CartSchema } },
    errors: COUPON_ERRORS,
  }) as const;

/**
 * Coupons on carts under /rest/v2/{brand}/, beside the cart routes and owned the same way: a cart
 * that is not the caller's answers 404 like an unknown guid. Each answer is the cart, priced with
 * its coupons; a refused code answers 400 CouponError with its reason.
 *
 * - POST users/{user}/carts/{cartGuid}/vouchers?voucherId= (or couponCode=): OCC's apply; `current` names a customer's open cart.
 * - DELETE users/{user}/carts/{cartGuid}/vouchers/{code}: OCC's remove.
 * - POST users/{user}/applyCoupon?couponCode=[&cartGuid=]: apply from a link; without a cart one is made.
 * - POST users/{user}/removeCoupon (couponCode, cartGuid): remove, for form posts.
 */
export function couponsRouter(coupons: CouponService, agents: AssistedService): Router {
  const api = apiRouter();

  const answer = async (req: Request, res: Response, action: AuditAction, code: string, change: (owner: CartOwner) => Promise<Cart>) => {
    const { owner, actor } = await ownerFor(req, res, agents);
    const cart = await change(owner);
    if (actor) await agents.record(siteOf(res).site, actor, action, code);
    noStore(res).json(cart satisfies Cart);
  };

  api.post(
    "/users/:user/carts/:cartGuid/vouchers",
    {
      ...coupon(
        "Apply a coupon code (voucherId or couponCode, query or body; any case) to the cart; `current` is a customer's open cart. Refusals are 400 CouponError with reason unknown, notYetValid (members), expired (members), notApplicable, minimumSpend (with minimumSpend in minor units), usedUp, usedUpByCustomer or notCombinable. Uses are counted when the order is placed",
      ),
      params: CART_PARAM,
      query: CODE_QUERY,
      body: CouponCodeInputSchema,
    },
    async (req, res, input) => {
      const guid = cartParam(req);
      const { couponCode } = input.body({ ...bodyOf(req), ...req.query });
      await answer(req, res, "applied coupon", couponCode, (owner) => coupons.apply(siteOf(res), owner, guidFor(owner, guid), couponCode, clientAddress(req)));
    },
  );

  api.delete(
    "/users/:user/carts/:cartGuid/vouchers/:couponCode",
    { ...coupon("Remove a coupon code from the cart; a code the cart does not carry changes nothing"), params: CART_PARAM.extend({ couponCode: z.string() }) },
    async (req, res) => {
      const guid = cartParam(req);
      const { couponCode } = CouponCodeInputSchema.parse({ couponCode: req.params.couponCode });
      await answer(req, res, "removed coupon", couponCode, (owner) => coupons.remove(siteOf(res), owner, guidFor(owner, guid), couponCode));
    },
  );

  api.post(
    "/users/:user/applyCoupon",
    {
      ...coupon(
        "Apply a coupon code from a link: to the cart of cartGuid, else the customer's open cart, else a new guest cart. An empty cart keeps a valid code until it qualifies (appliedCoupons[].applies false with the reason)",
      ),
      query: CART_QUERY,
      body: CouponCartInputSchema,
    },
    async (req, res, input) => {
      const { couponCode, cartGuid } = input.body({ ...bodyOf(req), ...req.query });
      await answer(req, res, "applied coupon", couponCode, (owner) => coupons.apply(siteOf(res), owner, cartGuid, couponCode, clientAddress(req)));
    },
  );

  api.post(
    "/users/:user/removeCoupon",
    {
      ...coupon("Remove a coupon code (couponCode and cartGuid, query or body; a customer's open cart without cartGuid)"),
      query: CART_QUERY,
      body: CouponCartInputSchema,
    },
    async (req, res, input) => {
      const { couponCode, cartGuid } = input.body({ ...bodyOf(req), ...req.query });
      await answer(req, res, "removed coupon", couponCode, (owner) => coupons.remove(siteOf(res), owner, cartGuid, couponCode));
    },
  );

  return api.router;
}

function bodyOf(req: Request): Record<string, unknown> {
  return typeof req.body === "object" && req.body !== null ? (req.body as Record<string, unknown>) : {};
}

/** A guid, or `current` for the signed-in customer's open cart. */
function cartParam(req: Request): string | "current" {
  return req.params.cartGuid === "current" ? "current" : guidParam(req);
}

/** `current` is a customer's open cart; a guest has none by that name. */
function guidFor(owner: CartOwner, guid: string | "current"): string | undefined {
  if (guid !== "current") return guid;
  if (owner === "anonymous") throw cartNotFound();
  return undefined;
}
