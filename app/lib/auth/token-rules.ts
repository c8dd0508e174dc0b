/**
 * The rules of signed-in state that do not depend on where tokens are kept: when a token is still
 * good, who counts as signed in, and which cookies a sign-out clears. Pure, so tests can state them.
 */

/** An access token as the storefront keeps it: the token, its refresh token and when it expires. */
export interface TokenRecord {
  accessToken: string;
  refreshToken?: string;
  /** Seconds since the epoch after which the access token is no longer accepted. */
  expiresAt: number;
}

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** A token is good only if it is there and the current second has not passed its expiry. */
export function isTokenValid(token: Pick<TokenRecord, "accessToken" | "expiresAt"> | undefined, now = nowInSeconds()): boolean {
  return !!token?.accessToken && now <= token.expiresAt;
}

/** The three login-session cookies: brewer registration, order confirmation page and single-page checkout. */
export const LOGIN_SESSION_COOKIES = ["brewerRegistrationSession", "orderConfirmationPageLogin", "spcPageLogin"] as const;

/**
 * Who counts as signed in: an agent working in this session, or any login-session cookie set to
 * 'true' (flows that sign a shopper in for one purpose), or a customer holding an access token.
 */
export function isLoggedIn(state: { agentId?: string; hasCustomerToken: boolean; cookies: Readonly<Record<string, string | undefined>> }): boolean {
  if (state.agentId) return true;
  if (LOGIN_SESSION_COOKIES.some((name) => state.cookies[name] === "true")) return true;
  return state.hasCustomerToken;
}

/**
 * What a sign-out removes from the browser: the token cookies, the authentication, refresh-token,
 * expiry and remember-me markers, the login-session cookies and the correlation id. The session
 * cookie itself is emptied (tokens, and for agents customerId, csAgentId and isNoboUser, live in it).
 */
export const SIGN_OUT_COOKIES = [
  "access_token",
  "refresh_token",
  "isAuthenticated",
  "expiresIn",
  "remember_me",
  ...LOGIN_SESSION_COOKIES,
  "CORRELATION_ID",
] as const;

/** What an agent's sign-out also removes from the session. */
export const AGENT_SESSION_KEYS = ["customerId", "csAgentId", "isNoboUser"] as const;
