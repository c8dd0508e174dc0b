import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { type Cart, CartGuidSchema } from "../contract/cart";
import { CouponCodeSchema } from "../contract/coupon";
import type { AssistedService } from "../domain/agents";
import { type CartOwner, cartNotFound } from "../domain/carts";
import type { CouponService } from "../domain/coupons";
import { guidParam, noStore, ownerFor } from "./carts";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

const blankAsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The code from the query or the body, as `couponCode` (the spec) or `voucherId` (OCC). */
const CodeInput = z
  .object({ couponCode: z.unknown().optional(), voucherId: z.unknown().optional() })
  .transform((input) => ({ couponCode: input.couponCode ?? input.voucherId }))
  .pipe(z.object({ couponCode: CouponCodeSchema }));

const ApplyInput = z.object({ cartGuid: z.preprocess(blankAsAbsent, CartGuidSchema.optional()) });

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
  const router = Router({ mergeParams: true });

  const answer = async (req: Request, res: Response, action: string, code: string, change: (owner: CartOwner) => Promise<Cart>) => {
    const { owner, actor } = await ownerFor(req, res, agents);
    const cart = await change(owner);
    if (actor) await agents.record(siteOf(res).site, actor, action, code);
    noStore(res).json(cart satisfies Cart);
  };

  router.post(
    "/users/:user/carts/:cartGuid/vouchers",
    handle(async (req, res) => {
      const guid = cartParam(req);
      const { couponCode } = parse(CodeInput, { ...bodyOf(req), ...req.query });
      await answer(req, res, "applied coupon", couponCode, (owner) => coupons.apply(siteOf(res), owner, guidFor(owner, guid), couponCode));
    }),
  );

  router.delete(
    "/users/:user/carts/:cartGuid/vouchers/:couponCode",
    handle(async (req, res) => {
      const guid = cartParam(req);
      const { couponCode } = parse(CodeInput, { couponCode: req.params.couponCode });
      await answer(req, res, "removed coupon", couponCode, (owner) => coupons.remove(siteOf(res), owner, guidFor(owner, guid), couponCode));
    }),
  );

  router.post(
    "/users/:user/applyCoupon",
    handle(async (req, res) => {
      const input = { ...bodyOf(req), ...req.query };
      const { couponCode } = parse(CodeInput, input);
      const { cartGuid } = parse(ApplyInput, input);
      await answer(req, res, "applied coupon", couponCode, (owner) => coupons.apply(siteOf(res), owner, cartGuid, couponCode));
    }),
  );

  router.post(
    "/users/:user/removeCoupon",
    handle(async (req, res) => {
      const input = { ...bodyOf(req), ...req.query };
      const { couponCode } = parse(CodeInput, input);
      const { cartGuid } = parse(ApplyInput, input);
      await answer(req, res, "removed coupon", couponCode, (owner) => coupons.remove(siteOf(res), owner, cartGuid, couponCode));
    }),
  );

  return router;
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
