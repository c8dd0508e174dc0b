import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { CartGuidSchema } from "../../commerce/contract/cart";
import { CHECKOUT_SIGN_IN_MARKERS } from "./auth/shopper-session.server";

/**
 * How a storefront route describes itself for /api/openapi.json (decision 084, amended): the route
 * the web-app wrapper or a script calls sets `openapi` on the handler it describes (`loader.openapi`
 * for GET, `action.openapi` for POST), and storefront-openapi.server.ts collects them. A property of
 * the handler rather than an export of its own: React Router removes `loader` and `action` from the
 * browser's build together with the assignments to them, so the description and the .server modules
 * and zod it uses stay on the server; another export would keep them in the route's browser module
 * (and the build refuses a .server import there). The answers and helpers several routes share are
 * here; a schema only one route uses stays in that route's module.
 */
export interface StorefrontOperation {
  /** The path the route answers, as the document names it: storefront-openapi.server.ts checks it against the route's file. */
  path: string;
  operation: ZodOpenApiOperationObject;
}

export const LoginStateSchema = z
  .object({
    isLoggedIn: z.boolean(),
    firstName: z.string().nullable(),
    isNoboUser: z.boolean().meta({ description: "A customer-service agent works in this session" }),
  })
  .meta({ id: "LoginState", description: "What a page script may know about the sign-in: never the tokens" });

export const SessionCartSchema = z
  .object({ cartGuid: CartGuidSchema.nullable(), cartQuantity: z.number().int().nonnegative() })
  .meta({ id: "SessionCart", description: "The cart this session adds to (none yet: null and 0)" });

/** The attribute as kept: the markers as booleans, the frequency in weeks. */
export const StoredAttributeSchema = z
  .object({
    stored: z.discriminatedUnion("name", [
      z.object({ name: z.enum(CHECKOUT_SIGN_IN_MARKERS), value: z.boolean() }),
      z.object({ name: z.literal("adFrequencyWeeks"), value: z.number().int() }),
    ]),
  })
  .meta({ id: "StoredSessionAttribute" });

export const OrderCleanupSchema = z
  .object({
    cleared: z
      .array(z.enum(["cartGuid", "tokenRotation", "adFrequencyWeeks", "spcPageLogin", "orderConfirmationPageLogin"]))
      .meta({ description: "What this call removed from the session; a second call clears nothing" }),
  })
  .meta({ id: "OrderCleanup" });

export const CartAddAnswerSchema = z
  .object({ cartGuid: CartGuidSchema, cartQuantity: z.number().int().nonnegative() })
  .meta({ id: "CartAdded", description: "The cart-changed fields (inline=1)" });

const ErrorSchema = z.object({ error: z.string() }).meta({ id: "StorefrontError", description: "A readable reason" });

const MachineTokenSchema = z
  .object({ accessToken: z.string().nullable(), expireBy: z.number().int().nullable(), timezoneOffset: z.number().int().nullable() })
  .meta({ id: "MachineToken", description: "The guest (client-credentials) token: expireBy in ms since the epoch" });

const RETRY_AFTER = z.object({ "Retry-After": z.number().int().meta({ description: "Seconds to wait before trying again" }) });

export const jsonAnswer = (description: string, schema: z.ZodType) => ({ description, content: { "application/json": { schema } } });
export const refusal = (description: string) => jsonAnswer(description, ErrorSchema);
export const tooMany = {
  description: "Too many calls from this address (the wrapper's calls: 120 per 10 minutes)",
  headers: RETRY_AFTER,
  content: { "application/json": { schema: ErrorSchema } },
};
const fromElsewhere = { description: "A POST whose Origin (or Referer) names another host: refused before the store reads it (text/plain)" };

/** A JSON or form-encoded body: every endpoint reads either. */
export const body = (schema: z.ZodType) => ({
  required: true,
  content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
});

/** A POST's operation: every POST passes the Origin check first, so each may answer 403. */
export const post = (summary: string, operation: Omit<ZodOpenApiOperationObject, "summary">): ZodOpenApiOperationObject => ({
  summary,
  ...operation,
  responses: { ...operation.responses, 403: fromElsewhere },
});

/** The guest token's answers: /api/auth/systemUserToken and /api/auth/auth0m2mToken answer the same record. */
export const guestTokenAnswers = () => ({
  200: jsonAnswer("The token", MachineTokenSchema),
  503: jsonAnswer("Guest tokens are not configured or could not be fetched", MachineTokenSchema.or(ErrorSchema)),
});
