import { createHash, createHmac } from "node:crypto";
import { createSigner, createVerifier, TokenError } from "fast-jwt";
import { type AccessTokenClaims, AccessTokenClaimsSchema } from "../contract/auth";

/**
 * The rules of signed-in sessions, free of the database: access tokens (signed JWTs), refresh
 * token values (derived, never stored), and when a used refresh token may still be answered.
 */

/** A refresh token used again this soon after its rotation is the same session racing itself. */
export const REFRESH_GRACE_MS = 10_000;

/**
 * A refresh token's value is an HMAC of the id it was issued under, with the server's secret:
 * nothing raw is stored (only SHA-256 of the value), and within the grace window the successor of
 * a used token can be answered again by computing it once more.
 */
export function refreshTokenValue(secret: string, tokenId: string): string {
  return createHmac("sha256", secret).update(`refresh-token:${tokenId}`).digest("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function isPast(expiresAt: string, now: Date): boolean {
  return Date.parse(expiresAt) <= now.getTime();
}

/** What a refresh token may do now. */
export type RefreshVerdict = "rotate" | "answer-successor" | "stolen" | "expired" | "ended";

/**
 * A token not yet used rotates; one used within the grace window answers the successor it was
 * rotated to (two requests of one session raced); one used before that is a copy in someone
 * else's hands, and its whole family ends. An expired token, or one of an ended family, is refused.
 */
export function refreshVerdict(token: { expiresAt: string; rotatedAt: string | null }, familyRevoked: boolean, now: Date): RefreshVerdict {
  if (familyRevoked) return "ended";
  if (token.rotatedAt !== null) {
    return now.getTime() - Date.parse(token.rotatedAt) <= REFRESH_GRACE_MS ? "answer-successor" : "stolen";
  }
  if (isPast(token.expiresAt, now)) return "expired";
  return "rotate";
}

/**
 * Access tokens are signed and checked with fast-jwt, on node:crypto's HMAC in the request's own
 * thread. jose, used before, reaches HMAC only through WebCrypto, where every signature is a job
 * handed to libuv's thread pool and back: about fourteen times the CPU of the check itself, paid
 * on every signed-in call to the service (decision 085).
 */
export class AccessTokens {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifiers: ((token: string) => Record<string, unknown>)[];

  /** Signs with `secret`; also accepts tokens signed with any of `previousSecrets`. */
  constructor(secret: string, previousSecrets: readonly string[] = []) {
    this.signer = createSigner({ key: secret, algorithm: "HS256" });
    this.verifiers = [secret, ...previousSecrets].map((key) => createVerifier({ key, algorithms: ["HS256"] }));
  }

  async sign(claims: Omit<AccessTokenClaims, "iat" | "exp">, lifetimeSeconds: number, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return this.signer({
      sub: claims.sub,
      site: claims.site,
      role: claims.role,
      groups: claims.groups,
      employee: claims.employee,
      ...(claims.fam ? { fam: claims.fam } : {}),
      iat,
      exp: iat + lifetimeSeconds,
    });
  }

  /** The token's claims when its signature holds and it has not expired; otherwise null. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    if (token.length > 4096) return null;
    for (const verifier of this.verifiers) {
      try {
        const claims = AccessTokenClaimsSchema.safeParse(verifier(token));
        return claims.success ? claims.data : null;
      } catch (err) {
        // Only a signature that does not match may be a token of another (previous) key.
        if (err instanceof TokenError && err.code === TokenError.codes.invalidSignature) continue;
        return null;
      }
    }
    return null;
  }
}
