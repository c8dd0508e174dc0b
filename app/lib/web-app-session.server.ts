import { z } from "zod";
import { FrequencyWeeksSchema } from "../../commerce/contract/frequency";
import type { RateLimitRule } from "../../lib/rate-limit";
import { clientContext } from "./api-client.server";
import { shopperOf } from "./account-forms.server";
import { CHECKOUT_SIGN_IN_MARKERS } from "./auth/shopper-session.server";
import { json, jsonError, readBody } from "./auth-endpoints.server";
import type { StorefrontContext } from "./context";
import { limiter } from "./email-form.server";
import { getCart } from "../models/cart.server";

/**
 * The session calls the mobile web-app wrapper makes beside its web view (decision 084):
 * /getSessionCartGuid, /_s/storeSessionAttribute and /_s/postOrderCleanup. Each answers JSON and
 * is counted per shopper address, as the wrapper's sign-in calls are.
 */

/** Far above what one app makes (a few calls a page), far below what would trouble the service. */
export const WEB_APP_SESSION_LIMIT: RateLimitRule = { name: "web-app-session", points: 120, windowSeconds: 600 };

/** The 429 to answer when this shopper address has made too many of the wrapper's calls. */
export async function overWebAppLimit(context: StorefrontContext): Promise<Response | undefined> {
  const verdict = await limiter().hit(WEB_APP_SESSION_LIMIT, context.clientAddress ?? "unknown");
  if (verdict.allowed) return undefined;
  return jsonError(429, "Too many requests. Try again later.", { "Retry-After": String(verdict.retryAfterSeconds) });
}

/**
 * A GET that changes the session answers only to the store's own pages and to apps: a page of
 * another site that makes the browser ask (an image, a link followed) says so in Sec-Fetch-Site.
 */
export function startedElsewhere(request: Request): Response | undefined {
  return request.headers.get("sec-fetch-site") === "cross-site" ? jsonError(403, "This call answers only the store's own pages and apps.") : undefined;
}

const SignInMarkerValueSchema = z.union([z.boolean(), z.enum(["true", "false"])]).transform((v) => v === true || v === "true");

/**
 * What the wrapper may keep in the shopper's session, and nothing else: the two checkout sign-in
 * markers (the app signed the shopper in from its checkout or confirmation screen) and the
 * auto-delivery frequency its product screen chose, which the web checkout starts from.
 */
export const SessionAttributeSchema = z.discriminatedUnion("name", [
  z.object({ name: z.enum(CHECKOUT_SIGN_IN_MARKERS), value: SignInMarkerValueSchema }),
  z.object({ name: z.literal("adFrequencyWeeks"), value: FrequencyWeeksSchema }),
]);
export type SessionAttribute = z.output<typeof SessionAttributeSchema>;

export const SESSION_ATTRIBUTE_NAMES = [...CHECKOUT_SIGN_IN_MARKERS, "adFrequencyWeeks"] as const;

/** POST /_s/storeSessionAttribute {name, value}: one allowed attribute kept in this browser's session. */
export async function storeSessionAttribute(request: Request, context: StorefrontContext): Promise<Response> {
  const limited = await overWebAppLimit(context);
  if (limited) return limited;
  const parsed = SessionAttributeSchema.safeParse(await readBody(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue?.path[0] === "value" ? `That value cannot be kept: ${issue.message}.` : `Send name (one of ${SESSION_ATTRIBUTE_NAMES.join(", ")}) and value.`;
    return jsonError(400, message);
  }
  const attribute = parsed.data;
  const shopper = shopperOf(context);
  if (attribute.name === "adFrequencyWeeks") await shopper.rememberAdFrequency(attribute.value);
  // The markers are browser-session cookies, as the spec names them: "false" removes one.
  else if (attribute.value) shopper.setCookie(attribute.name, "true");
  else shopper.deleteCookie(attribute.name);
  return json({ stored: attribute });
}

/**
 * GET /_s/postOrderCleanup: after an order, the session forgets what only its checkout needed —
 * the sign-in markers, a refresh refused during checkout, the chosen frequency, and the cart's
 * guid once the service no longer has that cart open. Idempotent: a second call clears nothing.
 */
export async function postOrderCleanup(request: Request, context: StorefrontContext): Promise<Response> {
  const elsewhere = startedElsewhere(request);
  if (elsewhere) return elsewhere;
  const limited = await overWebAppLimit(context);
  if (limited) return limited;
  const shopper = shopperOf(context);
  // Only an anonymous cart is kept by guid; an ordered (closed) cart is one the service no longer answers.
  const guid = shopper.userPathId === "anonymous" ? shopper.cart.guid : undefined;
  const cartOrdered = guid !== undefined && (await getCart(clientContext(context), guid)) === null;
  const cleared = await shopper.forgetCheckoutState(cartOrdered);
  return json({ cleared });
}

/**
 * GET /getSessionCartGuid: the cart this session adds to — an anonymous shopper's by the guid the
 * session keeps, a signed-in customer's (or the one an agent serves) by their account — and its
 * units; none yet: null and 0.
 */
export async function sessionCartGuid(context: StorefrontContext): Promise<Response> {
  const limited = await overWebAppLimit(context);
  if (limited) return limited;
  const shopper = shopperOf(context);
  const cart = await getCart(clientContext(context), shopper.cart.guid);
  if (shopper.cart.quantity !== (cart?.totalUnitCount ?? 0) || (shopper.userPathId === "anonymous" && !cart && shopper.cart.guid)) {
    await shopper.rememberCart(shopper.userPathId === "anonymous" ? cart?.guid : undefined, cart?.totalUnitCount ?? 0);
  }
  return json({ cartGuid: cart?.guid ?? null, cartQuantity: cart?.totalUnitCount ?? 0 });
}
