import { createHash, randomBytes } from "node:crypto";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import type { Lang } from "../contract/common";
import type { ConfirmableRow, ConfirmationToken } from "../db/email-confirmation";
import type { BrandFacts } from "../contract/brands";
import { TooManyRequests } from "./errors";

/** How long a confirmation link works. */
export const CONFIRM_LINK_TTL_MS = 7 * 24 * 3600_000;
/** A pending address is mailed at most one confirmation per this window, however often it signs up. */
export const CONFIRM_RESEND_WINDOW_MS = 3600_000;

/** What a confirmation link led to. */
export type ConfirmOutcome = "confirmed" | "unknown" | "expired";

/**
 * Newsletter and notify-me requests per caller address (each mails a confirmation link): enough for
 * the storefront's own forms, whose limits are lower, and a stop to a script mailing a list of
 * strangers through the API.
 */
export const CONFIRMATION_REQUESTS_PER_ADDRESS: RateLimitRule = { name: "confirmation-requests-address", points: 30, windowSeconds: 600 };

/** Counts a request that mails a confirmation link; 429 (TooManyRequests) past the address's limit. */
export async function countConfirmationRequest(limits: RateLimits, clientAddress: string | undefined): Promise<void> {
  if (!clientAddress) return;
  const verdict = await limits.hit(CONFIRMATION_REQUESTS_PER_ADDRESS, clientAddress);
  if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterSeconds);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh single-use token: the link carries it, the database only its hash. */
export function newConfirmationToken(now = new Date()): { token: string; stored: ConfirmationToken } {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    stored: { hash: hashToken(token), expiresAt: new Date(now.getTime() + CONFIRM_LINK_TTL_MS).toISOString(), sentAt: now.toISOString() },
  };
}

/** A pending row may be mailed again once the last confirmation is older than the window. */
export function mayResendConfirmation(row: ConfirmableRow, now = new Date()): boolean {
  if (row.confirmedAt) return false;
  return !row.confirmSentAt || now.getTime() - Date.parse(row.confirmSentAt) >= CONFIRM_RESEND_WINDOW_MS;
}

export function isExpired(row: ConfirmableRow, now = new Date()): boolean {
  return !row.confirmExpiresAt || Date.parse(row.confirmExpiresAt) <= now.getTime();
}

/** The storefront page that asks the shopper to confirm (French under /fr/). */
export function confirmationUrl(store: Pick<BrandFacts, "host">, lang: Lang, path: string, token: string): string {
  return `https://${store.host}${lang === "fr" ? "/fr" : ""}${path}?token=${encodeURIComponent(token)}`;
}

/** Tokens are base64url; anything else cannot be one and is not looked up. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token);
}
