import type { Router } from "express";
import { z } from "zod";
import {
  CmsComponentListSchema,
  CmsPageSchema,
  EmailConfirmationResultSchema,
  EmailConfirmationSchema,
  NewsletterSignupResultSchema,
  NewsletterSignupSchema,
  SiteConfigSchema,
} from "../contract/cms";
import { AddressInputSchema, AddressListQuerySchema, AddressListSchema, AddressPatchSchema, AddressSchema } from "../contract/address";
import {
  AcceptedSchema,
  AgentSessionRequestSchema,
  AgentSessionSchema,
  AuditLogSchema,
  ConfirmSignUpRequestSchema,
  ConfirmSignUpResponseSchema,
  CustomerProfileSchema,
  CustomerSearchQuerySchema,
  CustomerSearchResultSchema,
  ForgottenPasswordRequestSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  ResetPasswordRequestSchema,
  SignUpRequestSchema,
  StatusSchema,
  TokenErrorSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from "../contract/auth";
import {
  AddProductsToCartRequestSchema,
  AddToCartRequestSchema,
  CartModificationListSchema,
  CartModificationSchema,
  CartSchema,
  CartValidationSchema,
  MergeCartRequestSchema,
  MergedCartSchema,
  RemoveAdEntryRequestSchema,
  UpdateCartRequestSchema,
} from "../contract/cart";
import { ApiErrorBodySchema } from "../contract/common";
import {
  CardFieldsSchema,
  PaymentDetailsSchema,
  PaymentEventSchema,
  StripeCustomerSchema,
  StripeIntentSchema,
  UpdatePaymentDetailsRequestSchema,
  WalletCancelRequestSchema,
  WalletErrorRequestSchema,
} from "../contract/payment";
import { PostalRegionQuerySchema, PostalRegionsSchema } from "../contract/postal-regions";
import { CartGiftCardsSchema, GiftCardApplyValueSchema, GiftCardBalanceSchema, GiftCardCredentialsSchema } from "../contract/gift-card";
import { MediaSetSchema, ProductListSchema, ProductSchema, StockAlertRequestSchema, StockAlertResultSchema, StockUpdateSchema } from "../contract/product";
import { AddBundleRequestSchema, QuickShopProductSchema } from "../contract/quick-shop";
import { CategoryPageSchema, SearchPageSchema, SearchRequestSchema, SuggestionsSchema } from "../contract/search";
import { QUIZ_ANSWER_OPERATIONS, QUIZ_SERVICE_OPERATIONS } from "./quiz-openapi";

const json = (schema: z.ZodType) => ({ "application/json": { schema: z.toJSONSchema(schema, { unrepresentable: "any", io: "output" }) } });
const errors = { description: "Error", content: json(ApiErrorBodySchema) };
const retryAfter = { description: "Seconds to wait before trying again", schema: { type: "integer" } };
const brandParam = { name: "brand", in: "path", required: true, schema: { type: "string", enum: ["usb2c", "cab2c", "usafh"] } };
const locale = [
  { name: "lang", in: "query", schema: { type: "string", enum: ["en", "fr"] } },
  { name: "curr", in: "query", schema: { type: "string", enum: ["USD", "CAD"] } },
];

const bearer = [{ bearerAuth: [] }];
const userParam = {
  name: "user",
  in: "path",
  required: true,
  description: "`current` (the signed-in customer) or a customer id (customer-service agents of the brand); any other id answers 404",
  schema: { type: "string" },
};
const addressIdParam = { name: "addressId", in: "path", required: true, schema: { type: "string" } };
const correlationHeader = { name: "correlationID", in: "header", description: "Written to the audit log when an agent acts", schema: { type: "string" } };
const unauthorized = { description: "No valid access token (InvalidTokenError, UnauthorizedError)", content: errors.content };
const tooMany = { description: "Too many requests from this address (TooManyRequestsError)", headers: { "Retry-After": retryAfter }, content: errors.content };
const userOperation = (summary: string, extra: Record<string, unknown>, ok: Record<string, unknown>) => ({
  summary,
  security: bearer,
  parameters: [brandParam, userParam, correlationHeader],
  ...extra,
  responses: { ...ok, 400: errors, 401: unauthorized, 404: { description: "No such user for this caller (UnknownIdentifierError)", content: errors.content } },
});

const cartUserParam = {
  name: "user",
  in: "path",
  required: true,
  description: "`anonymous` (a guest's cart, known by its guid), `current` (the signed-in customer) or a customer id (agents of the brand)",
  schema: { type: "string" },
};
const cartGuidParam = { name: "cartGuid", in: "path", required: true, schema: { type: "string", pattern: "^[0-9a-f]{32}$" } };
const cartErrors = {
  400: {
    description: "Invalid input (ValidationError), not enough stock (InsufficientStockError with availableQuantity), line maximum (CartEntryError)",
    content: errors.content,
  },
  401: unauthorized,
  404: {
    description: "No such cart for this caller (CartError, reason notFound), entry (CartEntryError) or product (UnknownIdentifierError)",
    content: errors.content,
  },
  503: { description: "The store is busy; try again (ServiceUnavailableError)", headers: { "Retry-After": retryAfter }, content: errors.content },
};
const cartOperation = (summary: string, parameters: unknown[], body: z.ZodType | undefined, answer: z.ZodType) => ({
  summary,
  security: [{}, ...bearer],
  parameters,
  ...(body ? { requestBody: { required: true, content: { ...json(body), "application/x-www-form-urlencoded": json(body)["application/json"] } } } : {}),
  responses: { 200: { description: "OK (never cached)", content: json(answer) }, ...cartErrors },
});

/** Gift card checks also answer 429 once too many numbers or PINs were wrong. */
const withTooMany = (operation: ReturnType<typeof cartOperation>) => ({ ...operation, responses: { ...operation.responses, 429: tooMany } });
const couponCodeQuery = { name: "couponCode", in: "query", schema: { type: "string", pattern: "^[A-Za-z0-9_-]{1,32}$" } };
const voucherIdQuery = { ...couponCodeQuery, name: "voucherId", description: "OCC's name for couponCode" };
const couponOperation = (summary: string, parameters: unknown[]) => ({
  summary,
  security: [{}, ...bearer],
  parameters,
  responses: {
    200: { description: "The cart, priced with its coupons (never cached)", content: json(CartSchema) },
    ...cartErrors,
    400: { description: "A malformed code (ValidationError) or a code that cannot be used (CouponError with its reason)", content: errors.content },
  },
});

/** The OAuth2 token endpoint lives outside /rest/v2, so it names its own server. */
const TOKEN_OPERATIONS: Record<string, Record<string, unknown>> = {
  "/authorizationserver/oauth/token": {
    servers: [{ url: "/" }],
    post: {
      summary:
        "OAuth2 tokens (form-encoded): grant_type=password (client_id storefront or agent, site), refresh_token (rotating; a reuse within 10 s answers the same successor, a later reuse ends the session) or client_credentials (guest checkout)",
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": json(TokenRequestSchema)["application/json"] } },
      responses: {
        200: { description: "Tokens", content: json(TokenResponseSchema) },
        400: { description: "invalid_request, invalid_grant (one answer for every failed sign-in), unsupported_grant_type", content: json(TokenErrorSchema) },
        401: { description: "invalid_client", content: json(TokenErrorSchema) },
        429: {
          description: "slow_down: too many failed sign-ins for the account or address",
          headers: { "Retry-After": retryAfter },
          content: json(TokenErrorSchema),
        },
      },
    },
  },
};

/** One operation the site router answers: a method and an express path such as /c/:code. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

interface StackLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
}

/**
 * Every route registered on a router and on the routers it uses without a mount path (how the
 * site router is composed), read from express's own route table so none can be left out.
 */
export function registeredRoutes(router: Router): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  const walk = (stack: StackLayer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === "string") {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== "_all") found.push({ method, path: layer.route.path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: StackLayer[] }).stack);
  return found;
}

/** /c/:code → /{brand}/c/{code}, the document's form. */
export const openApiPath = (expressPath: string) => `/{brand}${expressPath.replace(/:([A-Za-z]+)/g, "{$1}")}`;

const query = (schema: z.ZodObject) =>
  Object.entries(z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }).properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    schema: property,
  }));

/**
 * Operations described in more detail than the generated default: their query, body and answer
 * schemas come from the contract. Every other registered route is still listed, with its path
 * parameters and the OCC error answers.
 */
const DETAILED: Record<string, Record<string, unknown>> = {
  "post /{brand}/users": {
    summary: "Sign up: a new address gets a pending account and a confirmation link; a known one a note to its owner. Always 202 with the same body",
    parameters: [brandParam, ...locale],
    requestBody: { required: true, content: json(SignUpRequestSchema) },
    responses: { 202: { description: "Accepted", content: json(AcceptedSchema) }, 400: errors, 429: tooMany },
  },
  "post /{brand}/users/confirmations": {
    summary: "Confirm a sign-up with the token from its link: activates the account and signs the shopper in",
    parameters: [brandParam],
    requestBody: { required: true, content: json(ConfirmSignUpRequestSchema) },
    responses: { 200: { description: "Active and signed in", content: json(ConfirmSignUpResponseSchema) }, 400: errors },
  },
  "post /{brand}/forgottenpasswordtokens": {
    summary: "Mail a password-reset link (one hour, single use) if the address has an account. Always 202 with the same body",
    parameters: [brandParam, ...locale],
    requestBody: { required: true, content: json(ForgottenPasswordRequestSchema) },
    responses: { 202: { description: "Accepted", content: json(AcceptedSchema) }, 400: errors, 429: tooMany },
  },
  "post /{brand}/resetpassword": {
    summary: "Set a new password with the token from a reset link; every session of the account ends",
    parameters: [brandParam],
    requestBody: { required: true, content: json(ResetPasswordRequestSchema) },
    responses: { 200: { description: "Changed", content: json(StatusSchema) }, 400: errors },
  },
  "post /{brand}/users/{user}/addProductToCart": cartOperation(
    "Add a product (STD, or auto-delivery ADC/ADCF/ADF). Without cartGuid a guest gets a new cart and a customer their open one. The add is capped at the stock (statusCode lowStock) and at 24 units a line (maxOrderQuantityExceeded); an add of nothing is refused. Prices are the service's: a price in the body is ignored. couponCode is accepted and not applied yet",
    [brandParam, ...locale, cartUserParam],
    AddToCartRequestSchema,
    CartModificationSchema,
  ),
  "post /{brand}/users/{user}/addProductsToCart": cartOperation(
    "Add up to 20 products at once, each as addProductToCart would; all of them or, with an error, none",
    [brandParam, ...locale, cartUserParam],
    AddProductsToCartRequestSchema,
    CartModificationListSchema,
  ),
  "post /{brand}/users/{user}/updateCart": cartOperation(
    "Set a line's quantity (0 removes it); more units than the stock allows are refused",
    [brandParam, ...locale, cartUserParam],
    UpdateCartRequestSchema,
    CartSchema,
  ),
  "post /{brand}/removeEntryFromAdCart": cartOperation(
    "Remove an auto-delivery line from the caller's cart (a signed-in customer's own, else a guest's by guid)",
    [brandParam, ...locale],
    RemoveAdEntryRequestSchema,
    CartSchema,
  ),
  "post /{brand}/users/{user}/removeEntryFromAdCart": cartOperation(
    "Remove an auto-delivery line from this user's cart",
    [brandParam, ...locale, cartUserParam],
    RemoveAdEntryRequestSchema,
    CartSchema,
  ),
  "get /{brand}/users/{user}/carts/current": cartOperation(
    "The customer's open cart, priced now for their groups; 404 while they have none",
    [brandParam, ...locale, cartUserParam],
    undefined,
    CartSchema,
  ),
  "get /{brand}/users/{user}/carts/{cartGuid}": cartOperation(
    "A cart by guid, priced now for its owner's groups. Another shopper's, another brand's or a merged cart answers 404 like an unknown guid",
    [brandParam, ...locale, cartUserParam, cartGuidParam],
    undefined,
    CartSchema,
  ),
  "get /{brand}/users/{user}/carts/{cartGuid}/validate": cartOperation(
    "What checkout would have to change (stock, line maximum, products no longer sold); asking changes nothing",
    [brandParam, ...locale, cartUserParam, cartGuidParam],
    undefined,
    CartValidationSchema,
  ),
  "get /{brand}/cart/validateCart": cartOperation(
    "validateCart for the caller's cart (a signed-in customer's own, else a guest's by guid)",
    [brandParam, ...locale, { name: "cartGuid", in: "query", required: true, schema: { type: "string", pattern: "^[0-9a-f]{32}$" } }],
    undefined,
    CartValidationSchema,
  ),
  "post /{brand}/users/{user}/carts/merge": cartOperation(
    "At sign-in: the guest cart joins the customer's open cart in one transaction (same product and entry type summed, capped at stock and 24 a line, products no longer sold left out); the guest cart can no longer be used. Answers the cart and what changed",
    [brandParam, ...locale, userParam],
    MergeCartRequestSchema,
    MergedCartSchema,
  ),
  "get /{brand}/users/{user}/carts/{cartGuid}/giftcard": cartOperation(
    "The cart's gift cards in the order applied, and what each would pay of the cart's total now (balances change only when the order is placed)",
    [brandParam, ...locale, cartUserParam, cartGuidParam],
    undefined,
    CartGiftCardsSchema,
  ),
  "post /{brand}/users/{user}/carts/{cartGuid}/giftcard/validate": withTooMany(
    cartOperation(
      "A card's balance and masked number. An unknown number and a wrong PIN answer the same 400; failures are limited per cart, card and address (429)",
      [brandParam, ...locale, cartUserParam, cartGuidParam],
      GiftCardCredentialsSchema,
      GiftCardBalanceSchema,
    ),
  ),
  "post /{brand}/users/{user}/carts/{cartGuid}/giftcard/apply": withTooMany(
    cartOperation(
      "Apply a card to the cart (its whole balance, as far as needed); no balance changes until the order is placed",
      [brandParam, ...locale, cartUserParam, cartGuidParam],
      GiftCardCredentialsSchema,
      CartGiftCardsSchema,
    ),
  ),
  "post /{brand}/users/{user}/carts/{cartGuid}/giftcard/remove/{id}": cartOperation(
    "Take an applied card off the cart",
    [brandParam, ...locale, cartUserParam, cartGuidParam, { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
    undefined,
    CartGiftCardsSchema,
  ),
  "put /{brand}/users/{user}/carts/{cartGuid}/giftcard/apply-value": cartOperation(
    "Use only part of an applied card's balance (minor units, at most the balance)",
    [brandParam, ...locale, cartUserParam, cartGuidParam],
    GiftCardApplyValueSchema,
    CartGiftCardsSchema,
  ),
  "get /{brand}/users/{user}/quickShop/productDetail": cartOperation(
    "A product tile's quick shop: variants with prices for the cart owner's groups and stock, the default chosen",
    [brandParam, ...locale, cartUserParam, { name: "productCode", in: "query", required: true, schema: { type: "string" } }],
    undefined,
    QuickShopProductSchema,
  ),
  "post /{brand}/users/{user}/addBundleProduct": cartOperation(
    "Add every component of a bundle or starter kit, qty times, in one add: all of them, complete, or none",
    [brandParam, ...locale, cartUserParam],
    AddBundleRequestSchema,
    CartModificationListSchema,
  ),
  "post /{brand}/users/{user}/carts/{cartGuid}/vouchers": couponOperation(
    "Apply a coupon code (voucherId or couponCode, query or body; any case) to the cart; `current` is a customer's open cart. Refusals are 400 CouponError with reason unknown, notYetValid, expired, notApplicable, minimumSpend (with minimumSpend in minor units), usedUp, usedUpByCustomer or notCombinable. Uses are counted when the order is placed",
    [brandParam, ...locale, cartUserParam, { ...cartGuidParam, schema: { type: "string" } }, couponCodeQuery, voucherIdQuery],
  ),
  "delete /{brand}/users/{user}/carts/{cartGuid}/vouchers/{couponCode}": couponOperation(
    "Remove a coupon code from the cart; a code the cart does not carry changes nothing",
    [
      brandParam,
      ...locale,
      cartUserParam,
      { ...cartGuidParam, schema: { type: "string" } },
      { name: "couponCode", in: "path", required: true, schema: { type: "string" } },
    ],
  ),
  "post /{brand}/users/{user}/applyCoupon": couponOperation(
    "Apply a coupon code from a link: to the cart of cartGuid, else the customer's open cart, else a new guest cart. An empty cart keeps a valid code until it qualifies (appliedCoupons[].applies false with the reason)",
    [brandParam, ...locale, cartUserParam, couponCodeQuery, { name: "cartGuid", in: "query", schema: { type: "string", pattern: "^[0-9a-f]{32}$" } }],
  ),
  "post /{brand}/users/{user}/removeCoupon": couponOperation(
    "Remove a coupon code (couponCode and cartGuid, query or body; a customer's open cart without cartGuid)",
    [brandParam, ...locale, cartUserParam, couponCodeQuery, { name: "cartGuid", in: "query", schema: { type: "string", pattern: "^[0-9a-f]{32}$" } }],
  ),
  "get /{brand}/users/{user}": userOperation(
    "The customer's profile and the cookies the storefront writes from it",
    {},
    {
      200: { description: "Profile", content: json(CustomerProfileSchema) },
    },
  ),
  "patch /{brand}/users/{user}": userOperation(
    "Change name or phone; a new email needs currentPassword",
    { requestBody: { required: true, content: json(ProfileUpdateSchema) } },
    {
      200: { description: "Profile", content: json(CustomerProfileSchema) },
    },
  ),
  "put /{brand}/users/{user}/password": userOperation(
    "Change the password; every other session of the customer ends",
    { requestBody: { required: true, content: json(PasswordChangeSchema) } },
    {
      200: { description: "Changed", content: json(StatusSchema) },
    },
  ),
  "get /{brand}/users/{user}/addresses": {
    ...userOperation(
      "Saved addresses, default first (page 0, 4 a page by default)",
      {},
      { 200: { description: "Addresses", content: json(AddressListSchema) } },
    ),
    parameters: [brandParam, userParam, correlationHeader, ...query(AddressListQuerySchema)],
  },
  "post /{brand}/users/{user}/addresses": userOperation(
    "Save an address (US state and ZIP, or Canadian province and postal code, must agree)",
    { requestBody: { required: true, content: json(AddressInputSchema) } },
    {
      201: { description: "Saved", content: json(AddressSchema) },
    },
  ),
  "patch /{brand}/users/{user}/addresses/{addressId}": {
    ...userOperation(
      "Change an address, or make it the default (isDefault: true)",
      { requestBody: { required: true, content: json(AddressPatchSchema) } },
      {
        200: { description: "Changed", content: json(AddressSchema) },
      },
    ),
    parameters: [brandParam, userParam, addressIdParam, correlationHeader],
  },
  "delete /{brand}/users/{user}/addresses/{addressId}": {
    ...userOperation("Delete an address (the newest remaining one becomes the default)", {}, { 204: { description: "Deleted" } }),
    parameters: [brandParam, userParam, addressIdParam, correlationHeader],
  },
  "get /{brand}/users/{user}/auditlog": userOperation(
    "What agents did for the customer, newest first (agents of the brand only; 404 to anyone else)",
    {},
    {
      200: { description: "Entries", content: json(AuditLogSchema) },
    },
  ),
  "get /{brand}/assistedservicewebservices/customers/search": {
    summary: "Agents: up to 20 customers of the brand by name or email",
    security: bearer,
    parameters: [brandParam, ...query(CustomerSearchQuerySchema)],
    responses: { 200: { description: "Customers", content: json(CustomerSearchResultSchema) }, 400: errors, 401: unauthorized, 403: errors },
  },
  "post /{brand}/assistedservicewebservices/sessions": {
    summary: "Agents: start acting for a customer (written to the audit log)",
    security: bearer,
    parameters: [brandParam, correlationHeader],
    requestBody: { required: true, content: json(AgentSessionRequestSchema) },
    responses: { 201: { description: "Started", content: json(AgentSessionSchema) }, 400: errors, 401: unauthorized, 403: errors, 404: errors },
  },
  "delete /{brand}/assistedservicewebservices/sessions/{customerId}": {
    summary: "Agents: stop acting for a customer (written to the audit log)",
    security: bearer,
    parameters: [brandParam, correlationHeader, { name: "customerId", in: "path", required: true, schema: { type: "string" } }],
    responses: { 200: { description: "Ended", content: json(AgentSessionSchema) }, 401: unauthorized, 403: errors, 404: errors },
  },
  "get /{brand}/shipping/fetch/postal": {
    summary: "The state or province a postal code belongs to (US ZIP3 prefix, Canadian first letter); country defaults to the store's",
    parameters: [brandParam, ...query(PostalRegionQuerySchema)],
    responses: {
      200: { description: "Regions (more than one only where a prefix straddles a state line)", content: json(PostalRegionsSchema) },
      400: { description: "Malformed postal code or country (ValidationError)", content: errors.content },
      404: { description: "No region uses this prefix (UnknownIdentifierError)", content: errors.content },
    },
  },
  "get /{brand}/products/search": {
    summary: "Product search: query=freeText:sort:facetKey:facetValue:…",
    parameters: [brandParam, ...locale, ...query(SearchRequestSchema)],
    responses: { 200: { description: "Search page", content: json(SearchPageSchema) }, 400: errors },
  },
  "get /{brand}/c/{code}/categoryData": {
    summary: "A category's listing with facets, sorts and paging",
    parameters: [brandParam, ...locale, { name: "code", in: "path", required: true, schema: { type: "string" } }, ...query(SearchRequestSchema)],
    responses: { 200: { description: "Category page", content: json(CategoryPageSchema) }, 400: errors, 404: errors },
  },
  "get /{brand}/products/searchsuggestions": {
    summary: "Search suggestions for a term",
    parameters: [brandParam, ...locale, { name: "term", in: "query", required: true, schema: { type: "string" } }],
    responses: { 200: { description: "Suggestions", content: json(SuggestionsSchema) }, 400: errors },
  },
  "post /{brand}/alert/alertMe": {
    summary: "Email the shopper when an out-of-stock product is back, once they confirm through the link mailed to them",
    parameters: [brandParam, ...locale],
    requestBody: { required: true, content: json(StockAlertRequestSchema) },
    responses: {
      202: { description: "Confirmation mailed; the same answer whether or not the address was already waiting", content: json(StockAlertResultSchema) },
      400: errors,
      404: errors,
    },
  },
  "post /{brand}/alert/confirm": {
    summary: "Confirm a notify-me alert with the token from its confirmation mail",
    parameters: [brandParam],
    requestBody: { required: true, content: json(EmailConfirmationSchema) },
    responses: { 200: { description: "Confirmed", content: json(EmailConfirmationResultSchema) }, 400: errors, 410: errors },
  },
  "post /{brand}/newsletter/confirm": {
    summary: "Confirm a newsletter sign-up with the token from its confirmation mail; the welcome mail follows",
    parameters: [brandParam],
    requestBody: { required: true, content: json(EmailConfirmationSchema) },
    responses: { 200: { description: "Confirmed", content: json(EmailConfirmationResultSchema) }, 400: errors, 410: errors },
  },
  "put /{brand}/stock/{code}": {
    summary: "Set a variant's stock level (operators: X-Admin-Key)",
    parameters: [brandParam, { name: "code", in: "path", required: true, schema: { type: "string" } }],
    requestBody: { required: true, content: json(StockUpdateSchema) },
    responses: {
      200: { description: "Updated" },
      400: errors,
      401: errors,
      // Also the answer everywhere but the operators' side (OPERATOR_PORT, else loopback).
      404: errors,
      429: { description: "Too many wrong keys from this address (TooManyRequestsError)", headers: { "Retry-After": retryAfter }, content: errors.content },
      503: {
        description: "The database was busy; nothing changed, send it again (ServiceUnavailableError)",
        headers: { "Retry-After": retryAfter },
        content: errors.content,
      },
    },
  },
  "get /{brand}/products/{code}/media": {
    summary: "A product's media set: JSON, or JavaScript calling `callback` with it (JSONP)",
    parameters: [
      brandParam,
      ...locale,
      { name: "code", in: "path", required: true, schema: { type: "string" } },
      { name: "callback", in: "query", schema: { type: "string", pattern: "^[A-Za-z_$][A-Za-z0-9_$]{0,63}$" } },
    ],
    responses: {
      200: {
        description: "Media set; text/javascript (with X-Content-Type-Options: nosniff) when a callback is named",
        content: { ...json(MediaSetSchema), "text/javascript": { schema: { type: "string" } } },
      },
      400: { description: "The callback is not a plain identifier (ValidationError)", content: errors.content },
      404: errors,
    },
  },
};

function defaultOperation(method: string, path: string) {
  const params = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!).filter((name) => name !== "brand");
  return {
    summary: `${method.toUpperCase()} ${path}`,
    parameters: [brandParam, ...locale, ...params.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }))],
    responses: { 200: { description: "OK" }, 400: errors, 404: errors },
  };
}

/**
 * The published contract: every route the site router registers (so a new route cannot be
 * forgotten), with the contract's zod schemas where the operation is described in detail.
 */
/** Paying for a cart: the card form, Stripe's intents and customers, digital wallets' reports. */
const paymentParams = [brandParam, cartUserParam, cartGuidParam];
const stripeErrors = {
  409: { description: "Stripe is not set up on this store (PaymentError, reason stripeNotConfigured)", content: errors.content },
  502: { description: "Stripe refused the request (PaymentServiceError)", content: errors.content },
  503: { description: "Stripe did not answer; try again (PaymentServiceUnavailableError)", headers: { "Retry-After": retryAfter }, content: errors.content },
};
const stripeAccountOperation = (summary: string, answer: z.ZodType) => {
  const operation = userOperation(summary, {}, { 200: { description: "OK (never cached)", content: json(answer) } });
  return { ...operation, responses: { ...operation.responses, ...stripeErrors } };
};
const stripeCartOperation = (summary: string) => {
  const operation = cartOperation(summary, paymentParams, undefined, StripeIntentSchema);
  return { ...operation, responses: { ...operation.responses, ...stripeErrors } };
};
const PAYMENT_OPERATIONS: Record<string, Record<string, unknown>> = {
  "post /{brand}/users/{user}/carts/{cartGuid}/paymentdetails": cartOperation(
    "Choose the card to pay with: the provider tokenizes it and the cart keeps brand, last four, expiry, holder and billing postal code (never the number or code). 201 with the masked card; 400 names each wrong field (subject) with a reason: missing, invalid, invalid_number, invalid_expiry, expired_card, invalid_cvc",
    paymentParams,
    CardFieldsSchema,
    PaymentDetailsSchema,
  ),
  "get /{brand}/users/{user}/carts/{cartGuid}/paymentdetails": cartOperation(
    "The card chosen for the cart, masked; 404 PaymentError while none is",
    paymentParams,
    undefined,
    PaymentDetailsSchema,
  ),
  "post /{brand}/users/{user}/carts/{cartGuid}/updatePaymentDetails": cartOperation(
    "Change the holder's name or billing postal code of the card chosen (a new card is chosen with paymentdetails)",
    paymentParams,
    UpdatePaymentDetailsRequestSchema,
    PaymentDetailsSchema,
  ),
  "post /{brand}/users/{user}/carts/{cartGuid}/stripe/createPaymentIntent": stripeCartOperation(
    "A manual-capture Stripe payment intent for the cart's total, for Stripe.js to confirm (wallets); one per cart: asked again, its amount follows the cart",
  ),
  "post /{brand}/users/{user}/carts/{cartGuid}/stripe/updatePaymentIntent": stripeCartOperation("The cart's payment intent follows the cart's current total"),
  "post /{brand}/users/{user}/carts/{cartGuid}/cancelDigitalWalletPayment": cartOperation(
    "Record that the shopper closed a wallet's payment sheet",
    paymentParams,
    WalletCancelRequestSchema,
    PaymentEventSchema,
  ),
  "post /{brand}/users/{user}/carts/{cartGuid}/logDigitalWalletError": cartOperation(
    "Record an error a wallet reported on the page",
    paymentParams,
    WalletErrorRequestSchema,
    PaymentEventSchema,
  ),
  "post /{brand}/users/{user}/stripe/setupPaymentIntent": stripeAccountOperation(
    "A Stripe setup intent to save a card to the customer's Stripe account",
    StripeIntentSchema,
  ),
  "put /{brand}/users/{user}/stripe/updateStripeCustomerId": stripeAccountOperation(
    "Make sure the customer has a Stripe customer with their current e-mail and name (created when missing); the id is never taken from the caller",
    StripeCustomerSchema,
  ),
  "get /{brand}/users/{user}/stripe/fetchStripeCustomerId": stripeAccountOperation(
    "The customer's Stripe customer id, or null; asking creates nothing",
    StripeCustomerSchema,
  ),
};

export function openApiDocument(routes: readonly RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path } of routes) {
    const documented = openApiPath(path);
    paths[documented] ??= {};
    paths[documented][method] =
      DETAILED[`${method} ${documented}`] ??
      PAYMENT_OPERATIONS[`${method} ${documented}`] ??
      QUIZ_ANSWER_OPERATIONS[`${method} ${documented}`] ??
      defaultOperation(method, documented);
  }
  for (const [documented, operations] of Object.entries(CURATED)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (paths[documented]?.[method]) paths[documented][method] = operation;
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: "Brewfront commerce API", version: "2" },
    servers: [{ url: "/rest/v2" }],
    paths: { ...paths, ...TOKEN_OPERATIONS, ...QUIZ_SERVICE_OPERATIONS },
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "An access token from /authorizationserver/oauth/token" },
      },
    },
  };
}

/** The first operations written by hand, kept for their summaries and schemas. */
const CURATED: Record<string, Record<string, unknown>> = {
  "/{brand}/products/{code}": {
    get: {
      summary: "One product (base or variant) with its variant options and price blocks",
      parameters: [
        brandParam,
        ...locale,
        { name: "code", in: "path", required: true, schema: { type: "string" } },
        { name: "fields", in: "query", schema: { type: "string", enum: ["BASIC", "DEFAULT", "FULL"] } },
      ],
      responses: { 200: { description: "Product", content: json(ProductSchema) }, 404: errors, 400: errors },
    },
  },
  "/{brand}/products/productDetails": {
    get: {
      summary: "Products by codes, at most productsSize (site config productDetails.defaultSize)",
      parameters: [brandParam, ...locale, { name: "productCodes", in: "query", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "Products", content: json(ProductListSchema) }, 400: errors },
    },
  },
  "/{brand}/cms/pages": {
    get: {
      summary: "A CMS page with its slots and components",
      parameters: [brandParam, ...locale, { name: "pageLabelOrId", in: "query", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "Page", content: json(CmsPageSchema) }, 404: errors },
    },
  },
  "/{brand}/cms/components": {
    get: {
      summary: "CMS components by id",
      parameters: [brandParam, ...locale, { name: "componentIds", in: "query", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "Components", content: json(CmsComponentListSchema) }, 400: errors },
    },
  },
  "/{brand}/cms/siteConfig": {
    get: {
      summary: "Site configuration entries",
      parameters: [brandParam, ...locale],
      responses: { 200: { description: "Config", content: json(SiteConfigSchema) } },
    },
  },
  "/{brand}/kpcEmailSignup": {
    post: {
      summary: "Newsletter sign-up",
      parameters: [brandParam, ...locale],
      requestBody: { required: true, content: json(NewsletterSignupSchema) },
      responses: {
        202: { description: "Confirmation mailed; the same answer for new, pending and confirmed addresses", content: json(NewsletterSignupResultSchema) },
        400: errors,
      },
    },
  },
};
