import { type AddressInput, AddressListSchema, type AddressPatch, AddressSchema, ADDRESS_PAGE_SIZE } from "../../commerce/contract/address";
import {
  AcceptedSchema,
  AccessTokenClaimsSchema,
  AgentProfileSchema,
  AgentSessionSchema,
  AuditLogSchema,
  type ClientId,
  ConfirmSignUpResponseSchema,
  CustomerProfileSchema,
  CustomerSearchResultSchema,
  type ProfileUpdate,
  type SignUpRequest,
  StatusSchema,
  type TokenResponse,
  TokenResponseSchema,
} from "../../commerce/contract/auth";
import { type ApiClientContext, callApi } from "../lib/api-client.server";
import type { SignedInAs } from "../lib/auth/shopper-session.server";
import { nowInSeconds, type TokenRecord } from "../lib/auth/token-rules";

const TOKEN_PATH = "/authorizationserver/oauth/token";

/** The token answer as the session keeps it: expiry as a point in time, in seconds. */
export function tokenRecord(tokens: TokenResponse, now = nowInSeconds()): TokenRecord {
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: now + tokens.expires_in };
}

/**
 * Who a token speaks for, read from its claims. The storefront does not verify the signature (the
 * commerce service does on every call); it only needs the id and groups to label the session.
 */
export function signedInAs(tokens: TokenResponse, clientId: ClientId, firstName: string): SignedInAs {
  const [, payload = ""] = tokens.access_token.split(".");
  const claims = AccessTokenClaimsSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  return { ...tokenRecord(tokens), clientId, userId: claims.sub, groups: claims.groups, firstName };
}

/** The password grant: a customer (client `storefront`) or an agent (client `agent`) of this brand. */
export function requestTokens(ctx: ApiClientContext, email: string, password: string, clientId: ClientId): Promise<TokenResponse> {
  return callApi(ctx, {
    method: "POST",
    path: TOKEN_PATH,
    form: { grant_type: "password", username: email, password, client_id: clientId, site: ctx.brand.id },
    schema: TokenResponseSchema,
  });
}

/** The refresh grant; the answer carries the rotated refresh token. */
export async function refreshTokens(
  ctx: Pick<ApiClientContext, "apiBaseUrl" | "brand" | "lang" | "correlationId" | "logger">,
  refreshToken: string,
  clientId: ClientId,
) {
  const tokens = await callApi(ctx, {
    method: "POST",
    path: TOKEN_PATH,
    form: { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId },
    schema: TokenResponseSchema,
  });
  return tokenRecord(tokens);
}

/** A guest (machine-to-machine) token for calls made for shoppers who are not signed in. */
export function requestGuestToken(ctx: ApiClientContext, client: { id: string; secret: string }): Promise<TokenResponse> {
  return callApi(ctx, {
    method: "POST",
    path: TOKEN_PATH,
    form: { grant_type: "client_credentials", client_id: client.id, client_secret: client.secret, site: ctx.brand.id },
    schema: TokenResponseSchema,
  });
}

export function signUp(ctx: ApiClientContext, input: SignUpRequest) {
  return callApi(ctx, { method: "POST", path: "users", json: input, schema: AcceptedSchema });
}

export function confirmSignUp(ctx: ApiClientContext, token: string) {
  return callApi(ctx, { method: "POST", path: "users/confirmations", json: { token }, schema: ConfirmSignUpResponseSchema });
}

export function requestPasswordReset(ctx: ApiClientContext, email: string) {
  return callApi(ctx, { method: "POST", path: "forgottenpasswordtokens", json: { email }, schema: AcceptedSchema });
}

export function resetPassword(ctx: ApiClientContext, token: string, newPassword: string) {
  return callApi(ctx, { method: "POST", path: "resetpassword", json: { token, newPassword }, schema: StatusSchema });
}

/** users/current for a customer, users/{customerId} for an agent acting for one. */
function userPath(ctx: ApiClientContext, rest = ""): string {
  const id = ctx.shopper?.actingFor?.customerId ?? "current";
  return `users/${encodeURIComponent(id)}${rest}`;
}

export function getProfile(ctx: ApiClientContext, bearer?: string) {
  return callApi(ctx, { path: userPath(ctx), schema: CustomerProfileSchema, auth: "required", bearer });
}

export function updateProfile(ctx: ApiClientContext, update: ProfileUpdate) {
  return callApi(ctx, { method: "PATCH", path: userPath(ctx), json: update, schema: CustomerProfileSchema, auth: "required" });
}

export function changePassword(ctx: ApiClientContext, currentPassword: string, newPassword: string) {
  return callApi(ctx, { method: "PUT", path: userPath(ctx, "/password"), json: { currentPassword, newPassword }, schema: StatusSchema, auth: "required" });
}

export function listAddresses(ctx: ApiClientContext, currentPage = 0) {
  return callApi(ctx, {
    path: userPath(ctx, "/addresses"),
    query: { currentPage, pageSize: ADDRESS_PAGE_SIZE },
    schema: AddressListSchema,
    auth: "required",
  });
}

export function addAddress(ctx: ApiClientContext, address: AddressInput) {
  return callApi(ctx, { method: "POST", path: userPath(ctx, "/addresses"), json: address, schema: AddressSchema, auth: "required" });
}

export function updateAddress(ctx: ApiClientContext, id: string, patch: AddressPatch) {
  return callApi(ctx, { method: "PATCH", path: userPath(ctx, `/addresses/${encodeURIComponent(id)}`), json: patch, schema: AddressSchema, auth: "required" });
}

export function deleteAddress(ctx: ApiClientContext, id: string) {
  // 204: nothing to read back.
  return callApi(ctx, { method: "DELETE", path: userPath(ctx, `/addresses/${encodeURIComponent(id)}`), schema: StatusSchema.nullable(), auth: "required" });
}

/** The signed-in agent (by the token just issued at sign-in, or the session's). */
export function getAgentProfile(ctx: ApiClientContext, bearer?: string) {
  return callApi(ctx, { path: "assistedservicewebservices/agents/current", schema: AgentProfileSchema, auth: "required", bearer });
}

export function searchCustomers(ctx: ApiClientContext, query: string) {
  return callApi(ctx, { path: "assistedservicewebservices/customers/search", query: { query }, schema: CustomerSearchResultSchema, auth: "required" });
}

export function startActingFor(ctx: ApiClientContext, customerId: string) {
  return callApi(ctx, { method: "POST", path: "assistedservicewebservices/sessions", json: { customerId }, schema: AgentSessionSchema, auth: "required" });
}

export function stopActingFor(ctx: ApiClientContext, customerId: string) {
  return callApi(ctx, {
    method: "DELETE",
    path: `assistedservicewebservices/sessions/${encodeURIComponent(customerId)}`,
    schema: AgentSessionSchema,
    auth: "required",
  });
}

/** The agents' desk reads a customer's log without acting for them (the service logs the read). */
export function getAuditLog(ctx: ApiClientContext, customerId: string) {
  return callApi(ctx, {
    path: `assistedservicewebservices/customers/${encodeURIComponent(customerId)}/auditlog`,
    schema: AuditLogSchema,
    auth: "required",
  });
}
