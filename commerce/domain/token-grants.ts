import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import type { AccessTokenClaims, ClientCredentialsGrant, ClientId, PasswordGrant, TokenError, TokenResponse } from "../contract/auth";
import { BRAND_IDS, type BrandId } from "../contract/common";
import { findSiteConfig } from "../db/content";
import {
  type CustomerRow,
  familyIsLive,
  findCustomer,
  findCustomerByEmail,
  findRefreshToken,
  findRefreshTokenById,
  insertRefreshFamily,
  insertRefreshToken,
  markRotated,
  revokeFamily,
} from "../db/customers";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import { groupsOf, normalEmail } from "./account-rules";
import { passwordMatches, spendPasswordCheck } from "./passwords";
import { unavailableWhenBusy } from "./service-unavailable";
import { type AccessTokens, refreshTokenValue, refreshVerdict, sha256 } from "./tokens";

/** Wrong passwords one account may receive per hour; past them even the right one waits. */
export const FAILED_SIGN_INS_PER_ACCOUNT: RateLimitRule = { name: "sign-in-failures-account", points: 100, windowSeconds: 3600 };
/** Wrong passwords from one client address per 15 minutes, whatever the accounts. */
export const FAILED_SIGN_INS_PER_ADDRESS: RateLimitRule = { name: "sign-in-failures-address", points: 300, windowSeconds: 15 * 60 };

/** The lifetimes a brand's site configuration sets (seconds); the defaults apply to missing entries. */
export interface TokenLifetimes {
  access: number;
  customerRefresh: number;
  agentRefresh: number;
}
const DEFAULT_LIFETIMES: TokenLifetimes = { access: 1800, customerRefresh: 30 * 24 * 3600, agentRefresh: 8 * 3600 };

async function readLifetimes(db: Db, site: BrandId): Promise<TokenLifetimes> {
  const entries = new Map((await findSiteConfig(db, site)).map((e) => [e.config_key, e.value]));
  const seconds = (key: string, fallback: number) => {
    const n = Number(entries.get(key));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    access: seconds("tokenRotation.expirySeconds", DEFAULT_LIFETIMES.access),
    customerRefresh: seconds("refreshToken.expirySeconds", DEFAULT_LIFETIMES.customerRefresh),
    agentRefresh: seconds("refreshToken.nobo.expirySeconds", DEFAULT_LIFETIMES.agentRefresh),
  };
}

/** The token endpoint refuses in its own (OAuth) terms; `retryAfterSeconds` comes with slow_down. */
export class TokenRefusal extends Error {
  constructor(
    readonly error: TokenError["error"],
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
  }
}

/** One answer for every sign-in that fails, whatever the reason, so it reveals nothing about the account. */
const WRONG_CREDENTIALS = "Email or password is incorrect.";
const SESSION_ENDED = "The session has ended. Please sign in again.";

const ROLE_OF_CLIENT: Record<ClientId, CustomerRow["role"]> = { storefront: "customer", agent: "agent" };

export interface TokenGrantsOptions {
  db: Db;
  tokens: AccessTokens;
  /** Derives refresh token values (never stored). */
  refreshSecret: string;
  guestClient: { id: string; secret: string };
  limits: RateLimits;
  /** The clock the lifetimes are kept by (performance's by default; tests move their own). */
  clock?: { now(): number };
}

/**
 * The OAuth2 grants and the sessions they start: passwords (customers and agents), refresh token
 * rotation within a family, client credentials for guest checkout, and the access tokens' check.
 * Lifetimes come from each brand's site configuration.
 */
export class TokenGrants {
  /** The brands' token lifetimes, read again after a minute; callers at once share one read, and a failed read is not kept. */
  private readonly lifetimes: LRUCache<BrandId, TokenLifetimes, Db>;

  constructor(private readonly deps: TokenGrantsOptions) {
    this.lifetimes = new LRUCache({
      max: BRAND_IDS.length,
      ttl: 60_000,
      perf: deps.clock,
      fetchMethod: (site, _stale, { context: db }) => readLifetimes(db, site),
    });
  }

  /** A brand's token lifetimes. Inside a write transaction pass it as `db`: on SQLite the transaction holds the only connection. */
  async tokenLifetimes(site: BrandId, db: Db = this.deps.db): Promise<TokenLifetimes> {
    return (await this.lifetimes.fetch(site, { context: db }))!;
  }

  /**
   * `clientAddress` is the caller's address for per-address limits; undefined for the embedded
   * storefront, which limits each shopper itself (the per-account limit applies either way).
   */
  async passwordGrant(grant: PasswordGrant, clientAddress: string | undefined): Promise<TokenResponse> {
    const { limits } = this.deps;
    const email = normalEmail(grant.username);
    const counted = [
      { rule: FAILED_SIGN_INS_PER_ACCOUNT, key: `${grant.site}:${email}` },
      ...(clientAddress ? [{ rule: FAILED_SIGN_INS_PER_ADDRESS, key: clientAddress }] : []),
    ];
    for (const { rule, key } of counted) {
      const standing = await limits.standing(rule, key);
      if (!standing.allowed) throw new TokenRefusal("slow_down", "Too many failed sign-in attempts. Please try again later.", standing.retryAfterSeconds);
    }
    const customer = await findCustomerByEmail(this.deps.db, grant.site, email);
    const matches = customer ? await passwordMatches(customer.password_hash, grant.password) : await spendPasswordCheck(grant.password);
    if (!customer || !matches || customer.status !== "active" || customer.role !== ROLE_OF_CLIENT[grant.client_id]) {
      await limits.hitAll(counted);
      throw new TokenRefusal("invalid_grant", WRONG_CREDENTIALS);
    }
    const session = await unavailableWhenBusy(() => writeTransaction(this.deps.db, (trx) => this.startSession(trx, customer, grant.client_id)));
    return this.tokenResponse(customer, session.familyId, session.refreshToken);
  }

  /**
   * Rotates the refresh token. A token used again within the grace window answers the successor
   * it was rotated to (with a fresh access token), so concurrent refreshes of one session all
   * succeed and the family rotates once; used again later, the family ends.
   */
  async refreshGrant(refreshToken: string, clientId: ClientId): Promise<TokenResponse> {
    const now = new Date();
    const outcome = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const found = await findRefreshToken(trx, sha256(refreshToken));
        if (!found || found.family.client_id !== clientId) return { refused: "invalid" as const };
        const { token, family } = found;
        const customer = await findCustomer(trx, family.customer_id);
        if (!customer || customer.status !== "active") return { refused: "invalid" as const };
        const verdict = refreshVerdict({ expiresAt: token.expires_at, rotatedAt: token.rotated_at }, family.revoked_at !== null, now);
        if (verdict === "stolen") {
          await revokeFamily(trx, family.id, "refresh-token-reuse", now.toISOString());
          return { refused: "reused" as const };
        }
        if (verdict === "ended" || verdict === "expired") return { refused: "invalid" as const };
        if (verdict === "answer-successor") {
          // The session's newest token: a late duplicate of an older request must not hand back a
          // token that was itself rotated since (using it later would look like theft).
          let successor = token.successor_id ? await findRefreshTokenById(trx, token.successor_id) : undefined;
          for (let hops = 0; successor?.successor_id && hops < 20; hops++) successor = await findRefreshTokenById(trx, successor.successor_id);
          if (!successor) return { refused: "invalid" as const };
          return { customer, familyId: family.id, refreshToken: refreshTokenValue(this.deps.refreshSecret, successor.id) };
        }
        const successorId = randomUUID();
        if (!(await markRotated(trx, token.id, successorId, now.toISOString()))) return { refused: "invalid" as const };
        const value = await this.issueRefreshToken(trx, customer, family.id, successorId, now);
        return { customer, familyId: family.id, refreshToken: value };
      }),
    );
    if ("refused" in outcome)
      throw new TokenRefusal("invalid_grant", outcome.refused === "reused" ? SESSION_ENDED : "The refresh token is not valid. Please sign in again.");
    return this.tokenResponse(outcome.customer, outcome.familyId, outcome.refreshToken);
  }

  /** A guest token (scope `guest`) for guest checkout; no refresh token. */
  async guestToken(grant: ClientCredentialsGrant, secretMatches: (presented: string, expected: string) => boolean): Promise<TokenResponse> {
    const { guestClient } = this.deps;
    // Both compared, so the answer's timing does not tell a known client id from an unknown one.
    const idOk = secretMatches(grant.client_id, guestClient.id);
    const secretOk = secretMatches(grant.client_secret, guestClient.secret);
    if (!idOk || !secretOk) throw new TokenRefusal("invalid_client", "Client authentication failed.");
    const site = grant.site ?? "usb2c";
    const lifetimes = await this.tokenLifetimes(site);
    const access = await this.deps.tokens.sign({ sub: "guest", site, role: "guest", groups: [], employee: false }, lifetimes.access);
    return { access_token: access, token_type: "Bearer", expires_in: lifetimes.access, scope: "guest" };
  }

  /** The claims of a valid access token for the brand: signature, expiry, brand and a live session. */
  async authenticate(accessToken: string, site: BrandId): Promise<AccessTokenClaims | null> {
    const claims = await this.deps.tokens.verify(accessToken);
    if (!claims || claims.site !== site) return null;
    if (claims.role !== "guest" && (!claims.fam || !(await familyIsLive(this.deps.db, claims.fam)))) return null;
    return claims;
  }

  /** A new session (refresh token family) inside the caller's write transaction: a sign-in, or a confirmed sign-up. */
  async startSession(trx: Db, customer: CustomerRow, clientId: ClientId): Promise<{ familyId: string; refreshToken: string }> {
    const familyId = randomUUID();
    const now = new Date();
    await insertRefreshFamily(trx, {
      id: familyId,
      customer_id: customer.id,
      site: customer.site,
      client_id: clientId,
      created_at: now.toISOString(),
      revoked_at: null,
      revoked_reason: null,
    });
    return { familyId, refreshToken: await this.issueRefreshToken(trx, customer, familyId, randomUUID(), now) };
  }

  /** The token endpoint's answer for a session: a fresh access token with the refresh token. */
  async tokenResponse(customer: CustomerRow, familyId: string, refreshToken: string): Promise<TokenResponse> {
    const site = customer.site as BrandId;
    const lifetimes = await this.tokenLifetimes(site);
    const access = await this.deps.tokens.sign(
      { sub: customer.id, site, role: customer.role, groups: groupsOf(customer), employee: !!customer.is_employee, fam: familyId },
      lifetimes.access,
    );
    return { access_token: access, token_type: "Bearer", expires_in: lifetimes.access, refresh_token: refreshToken, scope: customer.role };
  }

  /** A family's next refresh token, living as long as the brand gives the customer's (or agent's) sessions. */
  private async issueRefreshToken(trx: Db, customer: CustomerRow, familyId: string, tokenId: string, now: Date): Promise<string> {
    const lifetimes = await this.tokenLifetimes(customer.site as BrandId, trx);
    const lifetime = customer.role === "agent" ? lifetimes.agentRefresh : lifetimes.customerRefresh;
    const value = refreshTokenValue(this.deps.refreshSecret, tokenId);
    await insertRefreshToken(trx, {
      id: tokenId,
      family_id: familyId,
      token_hash: sha256(value),
      issued_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetime * 1000).toISOString(),
      rotated_at: null,
      successor_id: null,
    });
    return value;
  }
}
