import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { AcceptedSchema } from "../../commerce/contract/auth";
import { CartGuidSchema } from "../../commerce/contract/cart";
import { CHECKOUT_SIGN_IN_MARKERS } from "./auth/shopper-session.server";
import { ForgotFormSchema, SignInFormSchema, SignUpFormSchema } from "./account-schemas.server";
import { RefreshAuthTokenSchema, TokenToSessionSchema } from "./auth-endpoints.server";
import { SessionAttributeSchema } from "./web-app-session.server";

/**
 * The storefront's own JSON endpoints, the ones the mobile web-app wrapper and scripts call
 * (decision 084), as an OpenAPI document at /api/openapi.json. The commerce service's document
 * (/rest/v2/openapi.json) describes the service, which may run on its own; these answer only
 * where the storefront runs, and act on the browser's session cookie, not on a bearer token.
 */

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

const TokensSchema = z
  .object({ access_token: z.string(), refresh_token: z.string(), expires_in: z.number().int() })
  .meta({ id: "WrapperTokens", description: "New tokens for the app; the refresh token rotates" });

const MachineTokenSchema = z
  .object({ accessToken: z.string().nullable(), expireBy: z.number().int().nullable(), timezoneOffset: z.number().int().nullable() })
  .meta({ id: "MachineToken", description: "The guest (client-credentials) token: expireBy in ms since the epoch" });

const RETRY_AFTER = z.object({ "Retry-After": z.number().int().meta({ description: "Seconds to wait before trying again" }) });

const jsonAnswer = (description: string, schema: z.ZodType) => ({ description, content: { "application/json": { schema } } });
const refusal = (description: string) => jsonAnswer(description, ErrorSchema);
const tooMany = {
  description: "Too many calls from this address (the wrapper's calls: 120 per 10 minutes)",
  headers: RETRY_AFTER,
  content: { "application/json": { schema: ErrorSchema } },
};
const fromElsewhere = { description: "A POST whose Origin (or Referer) names another host: refused before the store reads it (text/plain)" };

/** A JSON or form-encoded body: every endpoint reads either. */
const body = (schema: z.ZodType) => ({
  required: true,
  content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
});

const post = (summary: string, operation: Omit<ZodOpenApiOperationObject, "summary">): ZodOpenApiOperationObject => ({
  summary,
  ...operation,
  responses: { ...operation.responses, 403: fromElsewhere },
});

const PATHS: ZodOpenApiPathsObject = {
  "/api/auth/login": {
    post: post("Signs this browser's session in with a password; answers the login state, never tokens", {
      tags: ["sign-in"],
      requestBody: body(SignInFormSchema.extend({ rememberMe: z.union([z.boolean(), z.literal("on")]).optional() })),
      responses: {
        200: jsonAnswer("Signed in", LoginStateSchema),
        400: refusal("A missing field, or a wrong email or password (one answer for both)"),
        429: tooMany,
      },
    }),
  },
  "/api/auth/signup": {
    post: post("Starts an account: 202 whether or not the address already has one (its owner is mailed either way)", {
      tags: ["sign-in"],
      requestBody: body(SignUpFormSchema),
      responses: {
        202: jsonAnswer("Accepted: a confirmation link is mailed", AcceptedSchema),
        400: refusal("Fields refused, each with its reason (`fields`)"),
        429: tooMany,
      },
    }),
  },
  "/api/auth/forgotPassword": {
    post: post("Mails a password-reset link: 202 for known and unknown addresses alike", {
      tags: ["sign-in"],
      requestBody: body(ForgotFormSchema),
      responses: { 202: jsonAnswer("Accepted", AcceptedSchema), 400: refusal("Not an email address"), 429: tooMany },
    }),
  },
  "/api/auth/refreshToken": {
    post: post("Refreshes this session's tokens now (the page keeps none)", {
      tags: ["sign-in"],
      responses: {
        200: jsonAnswer("Refreshed", LoginStateSchema.extend({ expiresIn: z.number().int().meta({ description: "Seconds the new access token lasts" }) })),
        401: refusal("Not signed in"),
      },
    }),
  },
  "/api/auth/refreshAuthToken": {
    post: post("The app trades its refresh token for new tokens", {
      tags: ["web-app wrapper"],
      requestBody: body(RefreshAuthTokenSchema),
      responses: { 200: jsonAnswer("New tokens", TokensSchema), 400: refusal("No refresh token"), 401: refusal("That refresh token is not valid any more") },
    }),
  },
  "/api/auth/nobo": {
    get: {
      summary: "Whether a customer-service agent works in this session, and for which customer",
      tags: ["sign-in"],
      responses: {
        200: jsonAnswer("The agent's state", z.object({ isNoboUser: z.boolean(), csAgentId: z.string().nullable(), customerId: z.string().nullable() })),
      },
    },
  },
  "/api/auth/systemUserToken": {
    get: {
      summary: "The guest (machine-to-machine) token",
      tags: ["sign-in"],
      responses: {
        200: jsonAnswer("The token", MachineTokenSchema),
        503: jsonAnswer("Guest tokens are not configured or could not be fetched", MachineTokenSchema.or(ErrorSchema)),
      },
    },
  },
  "/api/auth/auth0m2mToken": {
    get: {
      summary: "The same guest token, by the name the spec also gives it",
      tags: ["sign-in"],
      responses: {
        200: jsonAnswer("The token", MachineTokenSchema),
        503: jsonAnswer("Guest tokens are not configured or could not be fetched", MachineTokenSchema.or(ErrorSchema)),
      },
    },
  },
  "/tokenToSession": {
    post: post("The app hands over tokens it holds (from /authorizationserver/oauth/token); this browser's session is signed in with them", {
      tags: ["web-app wrapper"],
      requestBody: body(TokenToSessionSchema),
      responses: {
        200: jsonAnswer("Signed in", LoginStateSchema),
        400: refusal("Tokens missing or out of shape"),
        401: refusal("The service does not accept that token"),
        429: tooMany,
      },
    }),
  },
  "/getSessionCartGuid": {
    get: {
      summary: "The cart this session adds to: a guest's by the guid the session keeps, a customer's by their account",
      tags: ["web-app wrapper"],
      responses: { 200: jsonAnswer("The cart", SessionCartSchema), 429: tooMany },
    },
  },
  "/handleLoggedInUserCookies": {
    get: {
      summary: "Writes the cookies the service keeps for a signed-in customer (price group, employee flag); answers the login state",
      tags: ["web-app wrapper"],
      responses: {
        200: jsonAnswer("The login state and the cookies written", LoginStateSchema.extend({ cookies: z.array(z.string()).optional() })),
        429: tooMany,
      },
    },
  },
  "/_s/storeSessionAttribute": {
    post: post("Keeps one allowed attribute in this browser's session: the checkout sign-in markers, or the auto-delivery frequency the checkout starts from", {
      tags: ["web-app wrapper"],
      requestBody: body(SessionAttributeSchema),
      responses: { 200: jsonAnswer("Kept", StoredAttributeSchema), 400: refusal("A name outside the list, or a value out of shape"), 429: tooMany },
    }),
  },
  "/_s/postOrderCleanup": {
    get: {
      summary:
        "After an order: the session forgets the checkout's sign-in markers, a refresh refused during checkout, the chosen frequency, and the cart's guid once that cart was ordered. Idempotent",
      tags: ["web-app wrapper"],
      responses: {
        200: jsonAnswer("What was cleared", OrderCleanupSchema),
        403: refusal("Asked by another site's page (Sec-Fetch-Site: cross-site)"),
        429: tooMany,
      },
    },
  },
  "/cart/add": {
    post: post("Adds a product to this session's cart (the product pages' form); inline=1 answers JSON instead of a 303 back to the page", {
      tags: ["web-app wrapper"],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: z.object({
              productCode: z.string(),
              qty: z.number().int().min(1),
              entryType: z.enum(["STD", "ADC"]).optional(),
              frequencyWeeks: z.number().int().optional(),
              inline: z.literal("1"),
            }),
          },
        },
      },
      responses: {
        200: jsonAnswer("Added", CartAddAnswerSchema),
        400: jsonAnswer("Refused, with the reason's code", z.object({ cartError: z.string().optional(), limit: z.number().int().optional() })),
      },
    }),
  },
};

let made: ReturnType<typeof createDocument> | undefined;

/** The document, made once per process on first request. */
export function storefrontOpenApiDocument() {
  made ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Brewfront storefront endpoints",
      version: "1",
      description:
        "The storefront's own JSON endpoints: sign-in for scripts, and the calls of the mobile web-app wrapper. They act on the browser's SESSION cookie; a POST must carry an Origin (or Referer) naming the store. The commerce API is described at /rest/v2/openapi.json.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "web-app wrapper", description: "The mobile app's calls beside its web view (decision 084)" },
      { name: "sign-in", description: "Signing the session in and out, for scripts and the app" },
    ],
    paths: PATHS,
  });
  return made;
}
