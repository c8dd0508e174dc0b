import { z } from "zod";
import { BrandIdSchema } from "./common";

/**
 * Signing in, customers' accounts and customer-service agents: what the storefront sends to the
 * commerce service and what it gets back.
 *
 * Tokens: `POST /authorizationserver/oauth/token` (form-encoded) answers a short-lived access
 * token (a signed JWT, sent as `Authorization: Bearer …` on /rest/v2/{brand}/ calls) and, for
 * customers and agents, a refresh token. Refresh tokens rotate: each use answers a new one. A
 * refresh token used again within a few seconds of its rotation answers the same successor (two
 * requests of one session racing each other both succeed); used again later, it is treated as
 * stolen and the whole session ends.
 */

/** Customers' passwords: long enough to resist guessing, short enough to hash cheaply. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/** A password as typed at sign-in: not checked against the policy (older passwords stay valid), only bounded. */
const SignInPasswordSchema = z.string().min(1).max(1024);

export const EmailSchema = z.string().trim().max(254).pipe(z.email("Enter a valid email address."));

/** `storefront` signs customers in; `agent` signs in customer-service agents (a shorter session). */
export const ClientIdSchema = z.enum(["storefront", "agent"]);
export type ClientId = z.infer<typeof ClientIdSchema>;

export const PasswordGrantSchema = z.object({
  grant_type: z.literal("password"),
  username: z.string().trim().min(1).max(254),
  password: SignInPasswordSchema,
  client_id: ClientIdSchema,
  /** The brand whose account signs in: accounts are per brand. */
  site: BrandIdSchema,
});

export const RefreshGrantSchema = z.object({
  grant_type: z.literal("refresh_token"),
  refresh_token: z.string().min(1).max(512),
  client_id: ClientIdSchema,
});

/** A guest (machine) token for guest checkout: scope `guest`, no refresh token. */
export const ClientCredentialsGrantSchema = z.object({
  grant_type: z.literal("client_credentials"),
  client_id: z.string().min(1).max(100),
  client_secret: z.string().min(1).max(512),
  /** The brand the guest token is for (default usb2c). */
  site: BrandIdSchema.optional(),
});

export const TokenRequestSchema = z.discriminatedUnion("grant_type", [PasswordGrantSchema, RefreshGrantSchema, ClientCredentialsGrantSchema]);
export type TokenRequest = z.infer<typeof TokenRequestSchema>;
export type PasswordGrant = z.infer<typeof PasswordGrantSchema>;
export type RefreshGrant = z.infer<typeof RefreshGrantSchema>;
export type ClientCredentialsGrant = z.infer<typeof ClientCredentialsGrantSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  /** Seconds the access token stays valid. */
  expires_in: z.number().int().positive(),
  refresh_token: z.string().optional(),
  /** `customer`, `agent` or `guest`. */
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/**
 * The token endpoint's errors (RFC 6749 shape, not the API's `errors` list). `invalid_grant` is
 * also the one answer for an unknown address, a wrong password, an unconfirmed account and an
 * account of another kind, so the answer does not tell which addresses have accounts.
 * `slow_down` comes with HTTP 429 and Retry-After.
 */
export const TokenErrorSchema = z.object({
  error: z.enum(["invalid_request", "invalid_client", "invalid_grant", "unsupported_grant_type", "slow_down"]),
  error_description: z.string(),
});
export type TokenError = z.infer<typeof TokenErrorSchema>;

export const RoleSchema = z.enum(["customer", "agent", "guest"]);
export type Role = z.infer<typeof RoleSchema>;

/** What an access token says (the storefront may read it; only the service can sign one). */
export const AccessTokenClaimsSchema = z.object({
  /** The customer's (or agent's) id; `guest` for guest tokens. */
  sub: z.string(),
  site: BrandIdSchema,
  role: RoleSchema,
  /** Price and user groups (member prices follow them). */
  groups: z.array(z.string()),
  employee: z.boolean(),
  /** The refresh family (one per sign-in); absent on guest tokens. */
  fam: z.string().optional(),
  exp: z.number().int(),
  iat: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

// ---- sign-up and confirmation ----

const PersonNameSchema = z.string().trim().min(1).max(60);
const PhoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(/^[0-9+().\s-]*$/, "digits, spaces and + ( ) - . only");

/** POST /rest/v2/{brand}/users (add `lang=fr` for a French confirmation mail). */
export const SignUpRequestSchema = z.object({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  phone: PhoneSchema.optional(),
  /** Join perks with the account, where the store has perks (a form's checkbox sends "on"). */
  perksOptIn: z.preprocess((v) => (v === "on" || v === "true" ? true : v === "" || v === "false" ? false : v), z.boolean().optional()),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/**
 * HTTP 202 with this body, whether or not the address already had an account: a new address gets
 * a confirmation link (`/login/confirm?token=…`), a known one a note with a password-reset link.
 */
export const AcceptedSchema = z.object({ status: z.literal("accepted"), message: z.string() });
export type Accepted = z.infer<typeof AcceptedSchema>;

/** POST /rest/v2/{brand}/users/confirmations: the token from the confirmation link. */
export const ConfirmSignUpRequestSchema = z.object({ token: z.string().min(1).max(200) });
export type ConfirmSignUpRequest = z.infer<typeof ConfirmSignUpRequestSchema>;

/**
 * 200: the account is active and the shopper is signed in at once (the same tokens a password
 * grant with client_id `storefront` answers), so the storefront need not ask for the password
 * again. 400 ValidationError (subject `token`) for an unknown, used or expired link.
 */
export const ConfirmSignUpResponseSchema = z.object({ customerId: z.string(), tokens: TokenResponseSchema });
export type ConfirmSignUpResponse = z.infer<typeof ConfirmSignUpResponseSchema>;

// ---- the customer ----

export const CustomerCookieSchema = z.object({ key: z.string(), value: z.string() });
export type CustomerCookie = z.infer<typeof CustomerCookieSchema>;

/**
 * GET /rest/v2/{brand}/users/current (or users/{customerId} for an agent). `customerCookies` are
 * what the storefront writes as cookies: priceSegment, customer.{brand}.priceGroup,
 * customer.{brand}.userGroup, is{Brand}Employee (isUsb2cEmployee, isCab2cEmployee,
 * isUsafhEmployee) and isPerksOptIn.
 */
export const CustomerProfileSchema = z.object({
  customerId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  isEmployee: z.boolean(),
  perksOptIn: z.boolean(),
  priceGroup: z.string(),
  userGroup: z.string(),
  customerCookies: z.array(CustomerCookieSchema),
});
export type CustomerProfile = z.infer<typeof CustomerProfileSchema>;

/** PATCH /rest/v2/{brand}/users/{user}: a new email needs the current password. Answers the profile. */
export const ProfileUpdateSchema = z
  .object({
    firstName: PersonNameSchema.optional(),
    lastName: PersonNameSchema.optional(),
    phone: PhoneSchema.optional(),
    email: EmailSchema.optional(),
    currentPassword: SignInPasswordSchema.optional(),
  })
  .refine((u) => u.email === undefined || u.currentPassword !== undefined, {
    path: ["currentPassword"],
    message: "Enter your current password to change your email address.",
  });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/**
 * PUT /rest/v2/{brand}/users/{user}/password. 200 `{status:"changed"}`; every other signed-in
 * session of the customer ends (the caller's stays). A wrong current password is 400
 * ValidationError with subject `currentPassword`.
 */
export const PasswordChangeSchema = z.object({ currentPassword: SignInPasswordSchema, newPassword: PasswordSchema });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

export const StatusSchema = z.object({ status: z.string(), message: z.string().optional() });
export type Status = z.infer<typeof StatusSchema>;

/** POST /rest/v2/{brand}/forgottenpasswordtokens: 202 with AcceptedSchema whatever the address. */
export const ForgottenPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgottenPasswordRequest = z.infer<typeof ForgottenPasswordRequestSchema>;

/**
 * POST /rest/v2/{brand}/resetpassword: the token from the link (`/login/reset?token=…`, one hour,
 * single use). 200 `{status:"reset"}` and every signed-in session of the customer ends; 400
 * ValidationError (subject `token`) for an unknown, used or expired link.
 */
export const ResetPasswordRequestSchema = z.object({ token: z.string().min(1).max(200), newPassword: PasswordSchema });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

// ---- customer-service agents (assisted service) ----

/**
 * GET /rest/v2/{brand}/assistedservicewebservices/customers/search?query=…: up to 20 customers of
 * the agent's brand whose name or email contains the words. (Order numbers join the search once
 * orders exist.)
 */
export const CustomerSearchQuerySchema = z.object({ query: z.string().trim().min(2).max(100) });
export const CUSTOMER_SEARCH_LIMIT = 20;
export const CustomerSummarySchema = z.object({
  customerId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(["active", "pending"]),
});
export const CustomerSearchResultSchema = z.object({ customers: z.array(CustomerSummarySchema) });
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;
export type CustomerSearchResult = z.infer<typeof CustomerSearchResultSchema>;

/**
 * GET /rest/v2/{brand}/assistedservicewebservices/agents/current: the signed-in agent, so the
 * storefront can name them (users/current is never an agent).
 */
export const AgentProfileSchema = z.object({ agentId: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() });
export type AgentProfile = z.infer<typeof AgentProfileSchema>;

/**
 * POST /rest/v2/{brand}/assistedservicewebservices/sessions: the agent starts acting for the
 * customer (201). Until DELETE …/sessions/{customerId} (or the agent signs out), users/{customerId}/…
 * answers this agent; without an open session of the agent's own it answers 403
 * AgentSessionRequiredError (another agent's session does not count). Agents never enter cards:
 * paymentdetails, Stripe intents and wallet reports answer them 403 ForbiddenError (reason agentCardEntry).
 */
export const AgentSessionRequestSchema = z.object({ customerId: z.string().min(1).max(64) });
export const AgentSessionSchema = z.object({ agentId: z.string(), customerId: z.string(), status: z.enum(["started", "ended"]) });
export type AgentSession = z.infer<typeof AgentSessionSchema>;

/**
 * What an audit entry records an agent did, as the service writes it. The storefront words each one
 * in the shop's languages; entries written before an action was renamed keep their old value, so the
 * answer's `action` is any string and readers word unknown ones plainly.
 */
export const AUDIT_ACTIONS = [
  "session started",
  "session ended",
  "viewed the log",
  "viewed audit log",
  "viewed profile",
  "updated profile",
  "changed password",
  "viewed addresses",
  "added address",
  "updated address",
  "set default address",
  "deleted address",
  "viewed cart",
  "checked cart",
  "added to cart",
  "added a bundle to cart",
  "changed cart",
  "removed auto-delivery item",
  "merged a guest cart",
  "viewed a product for the customer",
  "applied coupon",
  "removed coupon",
  "viewed gift cards",
  "checked a gift card",
  "applied a gift card",
  "removed a gift card",
  "chose a gift card amount",
  "viewed checkout",
  "set the order's e-mail",
  "joined perks at checkout",
  "left perks at checkout",
  "set delivery address",
  "chose delivery address",
  "viewed delivery modes",
  "chose delivery",
  "viewed the card chosen",
  "changed the card's billing details",
  "updated the Stripe customer",
  "viewed the Stripe customer",
  "placed order",
  "viewed orders",
  "viewed order",
  "viewed perks",
  "viewed points",
  "viewed points history",
  "joined perks for the customer",
  "opted the customer in to perks",
  "opted the customer out of perks",
  "viewed rewards",
  "viewed applied rewards",
  "applied a reward",
  "removed a reward",
  "swapped a reward's item",
  "saved quiz answers",
  "viewed quiz answers",
  "viewed auto-deliveries",
  "viewed subscribed products",
  "viewed auto-delivery type",
  "viewed auto-delivery details",
  "viewed auto-delivery summary",
  "viewed auto-delivery orders",
  "added to auto-delivery cart",
  "added to next auto-delivery",
  "skipped auto-delivery",
  "ordered auto-delivery now",
  "changed auto-delivery",
  "changed auto-delivery card",
  "paused auto-delivery",
  "resumed auto-delivery",
  "cancelled auto-delivery",
  "viewed campaign eligibility",
  "registered a brewer",
  "viewed registered brewers",
  "viewed a brewer questionnaire",
  "answered a brewer questionnaire",
  "gave the brewer welcome coupon",
  "referred a friend",
  "viewed referrals",
  "added a monthly box to cart",
  "viewed monthly box",
  "changed monthly box picks",
  "added a campaign bundle",
  "viewed a campaign bundle",
  "viewed drink designs",
  "viewed a drink design",
  "saved a drink design",
  "changed a drink design",
  "deleted a drink design",
  "viewed customer details",
  "viewed site notifications",
  "dismissed a site notification",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** A product an entry concerns, named in the language asked for (the code when the catalog no longer has it). */
export const AuditProductSchema = z.object({ code: z.string(), name: z.string(), qty: z.number().int().positive().optional() });
export type AuditProduct = z.infer<typeof AuditProductSchema>;

/**
 * One thing an agent read or did for the customer: who (id and name), what (`action`, with `detail`
 * as written then and the products it concerns), when (UTC, ISO 8601), and the request's
 * correlation id, to find it in the service's logs.
 */
export const AuditEntrySchema = z.object({
  agent: z.object({ id: z.string(), name: z.string() }),
  customerId: z.string(),
  action: z.string(),
  detail: z.string(),
  products: z.array(AuditProductSchema),
  correlationId: z.string(),
  createdAt: z.string(),
});

/**
 * GET /rest/v2/{brand}/assistedservicewebservices/customers/{customerId}/auditlog (the agents'
 * desk, no session needed; the read itself is written to the log as "viewed the log") and
 * GET /rest/v2/{brand}/users/{customerId}/auditlog (inside a session): the customer and what agents
 * read and did for them, newest first.
 */
export const AuditLogSchema = z.object({ customer: CustomerSummarySchema, entries: z.array(AuditEntrySchema) });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export type AuditLog = z.infer<typeof AuditLogSchema>;
