import express, { type Response, Router } from "express";
import type { Logger } from "pino";
import { type TokenError, TokenErrorSchema, TokenRequestSchema, TokenResponseSchema } from "../contract/auth";
import { ServiceUnavailable } from "../domain/service-unavailable";
import { type TokenGrants, TokenRefusal } from "../domain/token-grants";
import { clientAddress } from "./auth";
import { refuseBodiesOver } from "./body-limit";
import { apiRouter } from "./operations";
import { sameSecret } from "./operator-access";

export const TOKEN_PATH = "/authorizationserver/oauth/token";
/** A token request is a handful of short fields. */
const TOKEN_BODY_LIMIT = 10 * 1024;

const GRANT_TYPES = new Set(["password", "refresh_token", "client_credentials"]);

const STATUS: Record<TokenError["error"], number> = {
  invalid_request: 400,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_client: 401,
  slow_down: 429,
};

function refuse(res: Response, error: TokenError["error"], description: string, retryAfterSeconds?: number): void {
  if (retryAfterSeconds !== undefined) res.set("Retry-After", String(retryAfterSeconds));
  res.status(STATUS[error]).json({ error, error_description: description } satisfies TokenError);
}

/**
 * The OAuth2 token endpoint (form-encoded, RFC 6749 answers): `password` for customers
 * (client_id `storefront`) and agents (client_id `agent`), rotating `refresh_token`, and
 * `client_credentials` for guest checkout. Tokens are never cached by anyone on the way.
 */
export function oauthRouter(grants: TokenGrants, logger: Logger): Router {
  const api = apiRouter(Router());
  api.router.use(TOKEN_PATH, refuseBodiesOver(TOKEN_BODY_LIMIT), express.urlencoded({ extended: false, limit: TOKEN_BODY_LIMIT }));
  api.post(
    TOKEN_PATH,
    {
      summary:
        "OAuth2 tokens (form-encoded): grant_type=password (client_id storefront or agent, site), refresh_token (rotating; a reuse within 10 s answers the same successor, a later reuse ends the session) or client_credentials (guest checkout)",
      body: TokenRequestSchema,
      formEncoded: true,
      answers: { 200: { description: "Tokens", schema: TokenResponseSchema } },
      errors: {
        400: "invalid_request, invalid_grant (one answer for every failed sign-in), unsupported_grant_type",
        401: "invalid_client",
        429: "slow_down: too many failed sign-ins for the account or address",
      },
      errorBody: TokenErrorSchema,
    },
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      res.set("Pragma", "no-cache");
      const body: unknown = req.body;
      const grantType = typeof body === "object" && body !== null ? (body as Record<string, unknown>).grant_type : undefined;
      if (typeof grantType === "string" && !GRANT_TYPES.has(grantType)) {
        return refuse(res, "unsupported_grant_type", "grant_type must be password, refresh_token or client_credentials.");
      }
      // Parsed here rather than through the operation: refusals answer in OAuth's own shape.
      const parsed = TokenRequestSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join(".") || "request";
        return refuse(res, "invalid_request", `${field}: ${issue?.message ?? "invalid"}`);
      }
      const grant = parsed.data;
      try {
        const tokens =
          grant.grant_type === "password"
            ? await grants.passwordGrant(grant, clientAddress(req))
            : grant.grant_type === "refresh_token"
              ? await grants.refreshGrant(grant.refresh_token, grant.client_id)
              : await grants.guestToken(grant, sameSecret);
        res.json(tokens);
      } catch (err) {
        if (err instanceof TokenRefusal) return refuse(res, err.error, err.description, err.retryAfterSeconds);
        if (err instanceof ServiceUnavailable) {
          res.set("Retry-After", String(err.retryAfterSeconds));
          res.status(503).json({ error: "temporarily_unavailable", error_description: err.message });
          return;
        }
        throw err;
      }
    },
  );
  // Express's own error answers would be HTML here; the token endpoint answers JSON.
  api.router.use(TOKEN_PATH, ((err, req, res, _next) => {
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) logger.error({ err, correlationId: req.get("correlationID") }, "token endpoint failure");
    res.status(status).json({
      error: status === 500 ? "server_error" : "invalid_request",
      error_description: status === 500 ? "Something went wrong on our side." : "The request body could not be read.",
    });
  }) as express.ErrorRequestHandler);
  return api.router;
}
