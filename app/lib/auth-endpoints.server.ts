import { z } from "zod";
import { type ClientId, ClientIdSchema, TokenResponseSchema } from "../../commerce/contract/auth";
import { ApiError, clientContext } from "./api-client.server";
import { shopperOf } from "./account-forms.server";
import type { StorefrontContext } from "./context";
import { FORM_BODY_LIMIT, readFormFields } from "./form-body.server";
import { nowInSeconds } from "./auth/token-rules";
import { getAgentProfile, refreshTokens, requestGuestToken, requestTokens, signedInAs } from "../models/account.server";
import { mergeCart } from "../models/cart.server";
import { getCustomerDetails } from "../models/customer-details.server";
import { rememberCustomerDetails } from "./site-notices.server";

/**
 * The storefront's own auth endpoints under /api/auth and beside it: JSON for scripts and the
 * mobile web-app wrapper. Browsers' tokens stay in the session cookie; only a caller that already
 * holds a refresh token (the app wrapper) gets tokens back.
 */
const noStore = { "Cache-Control": "private, no-store" };

/** Resource routes answer a Response of their own (data() keeps its status only on page routes). */
export function json<T>(body: T, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

export function jsonError(status: number, message: string, headers: Record<string, string> = {}) {
  return json({ error: message }, status, headers);
}

/** A JSON or form body as a record of strings (at most the form limit). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return readFormFields(request);
  const text = await request.text();
  if (text.length > FORM_BODY_LIMIT) throw jsonError(413, "The body is too large.");
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* answered below */
  }
  throw jsonError(400, "The body must be a JSON object.");
}

/** What a page script may know about the sign-in: never the tokens. */
export function loginState(context: StorefrontContext) {
  const shopper = shopperOf(context);
  return {
    isLoggedIn: shopper.isLoggedIn,
    firstName: shopper.customer?.firstName ?? null,
    isNoboUser: !!shopper.agent,
  };
}

/** POST /api/auth/refreshToken: refresh this session's tokens now (the page keeps none). */
export async function refreshSession(context: StorefrontContext) {
  const shopper = shopperOf(context);
  const bearer = await shopper.renew();
  if (!bearer) return jsonError(401, "Not signed in.");
  return json({ ...loginState(context), expiresIn: (shopper.customer ?? shopper.agent)!.expiresAt - nowInSeconds() });
}

export const RefreshAuthTokenSchema = z.object({ refreshToken: z.string().min(1).max(512), clientId: ClientIdSchema.default("storefront") });

/** POST /api/auth/refreshAuthToken: the web-app wrapper trades its refresh token for new tokens. */
export async function refreshAuthToken(request: Request, context: StorefrontContext) {
  const parsed = RefreshAuthTokenSchema.safeParse(await readBody(request));
  if (!parsed.success) return jsonError(400, "Send refreshToken (and clientId storefront or agent).");
  try {
    const tokens = await refreshTokens(clientContext(context), parsed.data.refreshToken, parsed.data.clientId);
    return json({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_in: tokens.expiresAt - nowInSeconds() });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return jsonError(401, "That refresh token is not valid any more: sign in again.");
    throw err;
  }
}

/** The machine-to-machine token record: accessToken, expireBy (ms since the epoch), timezoneOffset. */
export async function machineToken(context: StorefrontContext) {
  if (!context.guestClient) return jsonError(503, "Guest tokens are not configured for this storefront.");
  try {
    const tokens = await requestGuestToken(clientContext(context), context.guestClient);
    return json({ accessToken: tokens.access_token, expireBy: (nowInSeconds() + tokens.expires_in) * 1000, timezoneOffset: new Date().getTimezoneOffset() });
  } catch (err) {
    // A failed machine token fetch is logged and answers nothing usable.
    context.logger.warn({ err, correlationId: context.correlationId }, "machine token fetch failed");
    return json({ accessToken: null, expireBy: null, timezoneOffset: null }, 503);
  }
}

export const TokenToSessionSchema = z.object({
  access_token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(512).optional(),
  expires_in: z.coerce.number().int().positive().max(86_400),
  clientId: ClientIdSchema.default("storefront"),
  rememberMe: z.boolean().default(false),
});

/**
 * POST /tokenToSession: the web-app wrapper hands over tokens it obtained, and this browser's
 * session takes them. The token is checked by the API (the profile call) before it is kept.
 */
export async function tokenToSession(request: Request, context: StorefrontContext) {
  const parsed = TokenToSessionSchema.safeParse(await readBody(request));
  if (!parsed.success) return jsonError(400, "Send access_token, expires_in and optionally refresh_token.");
  const tokens = TokenResponseSchema.parse({ ...parsed.data, token_type: "Bearer", scope: parsed.data.clientId === "agent" ? "agent" : "customer" });
  try {
    const details = await getCustomerDetails(clientContext(context), { bearer: tokens.access_token });
    const shopper = shopperOf(context);
    await shopper.signIn(signedInAs(tokens, parsed.data.clientId, details.firstName ?? ""), { rememberMe: parsed.data.rememberMe });
    shopper.setCustomerCookies(details.customerCookies);
    await rememberCustomerDetails(context, details);
    return json(loginState(context));
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return jsonError(401, "That token is not valid.");
    throw err;
  }
}

/** GET /handleLoggedInUserCookies: writes the cookies the commerce service keeps for a signed-in customer. */
export async function handleLoggedInUserCookies(context: StorefrontContext) {
  const shopper = shopperOf(context);
  if (!shopper.customer && !shopper.actingFor) return json(loginState(context));
  const details = await getCustomerDetails(clientContext(context));
  shopper.setCustomerCookies(details.customerCookies);
  if (shopper.customer) await rememberCustomerDetails(context, details);
  return json({ ...loginState(context), cookies: details.customerCookies.map((c) => c.key) });
}

/**
 * The password sign-in every form and endpoint shares: tokens from the commerce service, the
 * customer's name and cookies from their profile, then a new session. Throws the API's refusal.
 */
export async function signInWithPassword(context: StorefrontContext, email: string, password: string, clientId: ClientId, rememberMe: boolean) {
  const api = clientContext(context);
  const tokens = await requestTokens(api, email, password, clientId);
  const shopper = shopperOf(context);
  if (clientId === "agent") {
    // The header names the agent; their name comes with the sign-in, not with every page.
    const agent = await getAgentProfile(api, tokens.access_token);
    await shopper.signIn(signedInAs(tokens, "agent", agent.firstName), { rememberMe: false });
    return;
  }
  // One call answers the name, the cookies, the account's cart and the notices (decision 075).
  const details = await getCustomerDetails(api, { bearer: tokens.access_token });
  const anonymousCart = shopper.cart.guid;
  await shopper.signIn(signedInAs(tokens, "storefront", details.firstName ?? ""), { rememberMe });
  // Every cookie again at sign-in: their lifetime follows this sign-in's "remember me".
  shopper.setCustomerCookies(details.customerCookies);
  await rememberCustomerDetails(context, details);
  // What the shopper put in a cart before signing in joins their own cart (stock re-checked by the service).
  if (anonymousCart) {
    const merged = await mergeCart(api, anonymousCart, tokens.access_token).catch((err: unknown) => {
      context.logger.warn({ err, correlationId: context.correlationId }, "cart merge at sign-in failed");
      return undefined;
    });
    if (merged) {
      await shopper.rememberCart(undefined, merged.cart.totalUnitCount);
      await shopper.rememberCartChanges(merged.changes);
    }
  }
}
