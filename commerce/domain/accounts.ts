import { randomBytes, randomUUID } from "node:crypto";
import { Memo } from "../../lib/memo";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import type {
  AccessTokenClaims,
  ClientCredentialsGrant,
  ClientId,
  CustomerCookie,
  CustomerProfile,
  PasswordGrant,
  ProfileUpdate,
  SignUpRequest,
  TokenError,
  TokenResponse,
} from "../contract/auth";
import type { BrandFacts } from "../contract/brands";
import type { BrandId, Lang } from "../contract/common";
import { findSiteConfig } from "../db/content";
import {
  type CustomerRow,
  familyIsLive,
  findCustomer,
  findCustomerByEmail,
  findCustomerToken,
  findRefreshToken,
  findRefreshTokenById,
  insertCustomer,
  insertCustomerToken,
  insertRefreshFamily,
  insertRefreshToken,
  markRotated,
  revokeCustomerFamilies,
  revokeFamily,
  updateCustomer,
  useCustomerToken,
  voidCustomerTokens,
} from "../db/customers";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import { confirmationUrl, isWellFormedToken } from "./email-confirmation";
import { invalid, ShopError, TooManyRequests } from "./errors";
import type { MailMessage } from "./mail";
import { type MailOutbox, queueMails } from "./mail-outbox";
import { messagesFor } from "./messages";
import { hashPassword, passwordMatches, spendPasswordCheck } from "./passwords";
import { type AccessTokens, isPast, refreshTokenValue, refreshVerdict, sha256 } from "./tokens";
import { unavailableWhenBusy } from "./service-unavailable";

/** Where the mailed links lead, on the storefront. */
export const SIGNUP_CONFIRM_PATH = "/login/confirm";
export const PASSWORD_RESET_PATH = "/login/reset";
export const SIGNUP_LINK_TTL_MS = 24 * 3600_000;
export const RESET_LINK_TTL_MS = 3600_000;

/** Wrong passwords one account may receive per hour; past them even the right one waits. */
export const FAILED_SIGN_INS_PER_ACCOUNT: RateLimitRule = { name: "sign-in-failures-account", points: 100, windowSeconds: 3600 };
/** Wrong passwords from one client address per 15 minutes, whatever the accounts. */
export const FAILED_SIGN_INS_PER_ADDRESS: RateLimitRule = { name: "sign-in-failures-address", points: 300, windowSeconds: 15 * 60 };
/** Sign-ups and password-reset requests per client address. */
export const ACCOUNT_REQUESTS_PER_ADDRESS: RateLimitRule = { name: "account-requests-address", points: 60, windowSeconds: 10 * 60 };
/**
 * Account mails (confirmations, "someone tried", reset links) one address receives per hour. Past
 * it the request is answered as usual but nothing is sent, so a stranger cannot flood a mailbox
 * and the answer still says nothing about the address.
 */
export const ACCOUNT_MAILS_PER_RECIPIENT: RateLimitRule = { name: "account-mails-recipient", points: 5, windowSeconds: 3600 };

/** The lifetimes a brand's site configuration sets (seconds); the defaults apply to missing entries. */
export interface TokenLifetimes {
  access: number;
  customerRefresh: number;
  agentRefresh: number;
}
const DEFAULT_LIFETIMES: TokenLifetimes = { access: 1800, customerRefresh: 30 * 24 * 3600, agentRefresh: 8 * 3600 };

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

/** Someone a request acts for: the customer, or an agent on the customer's behalf. */
export interface Actor {
  customerId: string;
  /** Set when a customer-service agent acts; what it does is written to the audit log. */
  agent?: { agentId: string; correlationId: string };
}

export interface AccountServiceOptions {
  db: Db;
  brands: Readonly<Record<BrandId, Pick<BrandFacts, "name" | "host">>>;
  outbox: MailOutbox;
  tokens: AccessTokens;
  /** Derives refresh token values (never stored). */
  refreshSecret: string;
  guestClient: { id: string; secret: string };
  limits: RateLimits;
}

const ROLE_OF_CLIENT: Record<ClientId, CustomerRow["role"]> = { storefront: "customer", agent: "agent" };

/** Groups member prices follow (price and user group, where set). */
export function groupsOf(customer: Pick<CustomerRow, "price_group" | "user_group">): string[] {
  return [customer.price_group, customer.user_group].filter((g) => g !== "");
}

/** The brand word in cookie names: usb2c → Usb2c (isUsb2cEmployee). */
export function brandWord(site: BrandId): string {
  return site.charAt(0).toUpperCase() + site.slice(1);
}

export function customerCookies(customer: CustomerRow): CustomerCookie[] {
  const site = customer.site;
  const segment = customer.is_employee ? "employee" : customer.perks_member ? "member" : "standard";
  return [
    { key: "priceSegment", value: segment },
    { key: `customer.${site}.priceGroup`, value: customer.price_group },
    { key: `customer.${site}.userGroup`, value: customer.user_group },
    { key: `is${brandWord(customer.site as BrandId)}Employee`, value: String(!!customer.is_employee) },
    { key: "isPerksOptIn", value: String(!!customer.perks_member) },
  ];
}

export function profileOf(customer: CustomerRow): CustomerProfile {
  return {
    customerId: customer.id,
    email: customer.email,
    firstName: customer.first_name,
    lastName: customer.last_name,
    phone: customer.phone,
    isEmployee: !!customer.is_employee,
    perksOptIn: !!customer.perks_member,
    priceGroup: customer.price_group,
    userGroup: customer.user_group,
    customerCookies: customerCookies(customer),
  };
}

export const normalEmail = (email: string) => email.trim().toLowerCase();

/** A fresh single-use link token: the mail carries it, the database only its hash. */
function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256(token) };
}

/**
 * Customers' accounts and sign-in: passwords, sessions (refresh token families), single-use
 * links, and profile changes. Each change is one write transaction; its mail is queued in it.
 */
export class AccountService {
  private readonly lifetimes = new Memo<Promise<TokenLifetimes>>({ ttlMs: 60_000 });

  constructor(private readonly deps: AccountServiceOptions) {}

  /**
   * The brand's token lifetimes (site configuration, remembered for a minute). Inside a write
   * transaction pass it as `db`: on SQLite the transaction holds the only connection.
   */
  tokenLifetimes(site: BrandId, db: Db = this.deps.db): Promise<TokenLifetimes> {
    return this.lifetimes.get(site, async () => {
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
    });
  }

  // ---- tokens ----

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
        const lifetimes = await this.tokenLifetimes(family.site as BrandId, trx);
        const lifetime = customer.role === "agent" ? lifetimes.agentRefresh : lifetimes.customerRefresh;
        const value = refreshTokenValue(this.deps.refreshSecret, successorId);
        await insertRefreshToken(trx, {
          id: successorId,
          family_id: family.id,
          token_hash: sha256(value),
          issued_at: now.toISOString(),
          expires_at: new Date(now.getTime() + lifetime * 1000).toISOString(),
          rotated_at: null,
          successor_id: null,
        });
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

  private async startSession(trx: Db, customer: CustomerRow, clientId: ClientId): Promise<{ familyId: string; refreshToken: string }> {
    const now = new Date();
    const lifetimes = await this.tokenLifetimes(customer.site as BrandId, trx);
    const lifetime = customer.role === "agent" ? lifetimes.agentRefresh : lifetimes.customerRefresh;
    const familyId = randomUUID();
    const tokenId = randomUUID();
    const value = refreshTokenValue(this.deps.refreshSecret, tokenId);
    await insertRefreshFamily(trx, {
      id: familyId,
      customer_id: customer.id,
      site: customer.site,
      client_id: clientId,
      created_at: now.toISOString(),
      revoked_at: null,
      revoked_reason: null,
    });
    await insertRefreshToken(trx, {
      id: tokenId,
      family_id: familyId,
      token_hash: sha256(value),
      issued_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetime * 1000).toISOString(),
      rotated_at: null,
      successor_id: null,
    });
    return { familyId, refreshToken: value };
  }

  private async tokenResponse(customer: CustomerRow, familyId: string, refreshToken: string): Promise<TokenResponse> {
    const site = customer.site as BrandId;
    const lifetimes = await this.tokenLifetimes(site);
    const access = await this.deps.tokens.sign(
      { sub: customer.id, site, role: customer.role, groups: groupsOf(customer), employee: !!customer.is_employee, fam: familyId },
      lifetimes.access,
    );
    return { access_token: access, token_type: "Bearer", expires_in: lifetimes.access, refresh_token: refreshToken, scope: customer.role };
  }

  // ---- sign-up, confirmation, password reset ----

  /**
   * A new address gets a pending account and a confirmation link; a known one gets a note to its
   * owner (with a reset link) and nothing else changes. The caller answers both alike. A second
   * sign-up of a still-pending address replaces its password and names and voids the earlier
   * link, so whoever confirms gets the password from the sign-up whose link they followed last.
   */
  async signUp(site: BrandId, lang: Lang, request: SignUpRequest, clientAddress: string | undefined): Promise<void> {
    await this.checkRequestRate(clientAddress);
    const email = normalEmail(request.email);
    // Hashed before anything is looked up: both kinds of answer take the same time.
    const passwordHash = await hashPassword(request.password);
    const mayMail = await this.mayMail(site, email);
    const store = this.deps.brands[site];
    const mailIds = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const now = new Date();
        const existing = await findCustomerByEmail(trx, site, email);
        const link = newLinkToken();
        if (existing && existing.status === "active") {
          if (!mayMail) return [];
          await insertCustomerToken(trx, this.linkRow(existing.id, "reset", link.hash, now, RESET_LINK_TTL_MS));
          const url = confirmationUrl(store, lang, PASSWORD_RESET_PATH, link.token);
          return queueMails(trx, "account-exists", [{ to: email, ...messagesFor(lang, site).accountExists(existing.first_name, url, store.name) }]);
        }
        let customerId: string;
        if (existing) {
          customerId = existing.id;
          await updateCustomer(trx, customerId, {
            password_hash: passwordHash,
            first_name: request.firstName,
            last_name: request.lastName,
            phone: request.phone ?? "",
          });
          await voidCustomerTokens(trx, customerId, "signup", now.toISOString());
        } else {
          customerId = randomUUID();
          const added = await insertCustomer(trx, {
            id: customerId,
            site,
            email,
            password_hash: passwordHash,
            first_name: request.firstName,
            last_name: request.lastName,
            phone: request.phone ?? "",
            role: "customer",
            is_employee: 0,
            perks_member: 0,
            price_group: "standard",
            user_group: "",
            status: "pending",
            created_at: now.toISOString(),
          });
          // Another request signed the address up a moment ago; its mail is on the way.
          if (!added) return [];
        }
        if (!mayMail) return [];
        await insertCustomerToken(trx, this.linkRow(customerId, "signup", link.hash, now, SIGNUP_LINK_TTL_MS));
        const url = confirmationUrl(store, lang, SIGNUP_CONFIRM_PATH, link.token);
        const mail: MailMessage = { to: email, ...messagesFor(lang, site).accountConfirm(request.firstName, url, store.name) };
        return queueMails(trx, "account-confirm", [mail]);
      }),
    );
    if (mailIds.length) await this.deps.outbox.deliver({ ids: mailIds });
  }

  /** Activates the account a confirmation link names (once) and signs the shopper in. */
  async confirmSignUp(token: string): Promise<{ customerId: string; tokens: TokenResponse }> {
    const refused = () => invalid("token", "This confirmation link is not valid or has already been used. Sign in, or sign up again for a new link.");
    if (!isWellFormedToken(token)) throw refused();
    const hash = sha256(token);
    const outcome = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const now = new Date();
        const row = await findCustomerToken(trx, hash, "signup");
        if (!row || row.used_at !== null) return { refused: refused() };
        if (isPast(row.expires_at, now)) {
          return { refused: invalid("token", "This confirmation link has expired. Sign up again with the same address for a new link.") };
        }
        const customer = await findCustomer(trx, row.customer_id);
        if (!customer || !(await useCustomerToken(trx, hash, now.toISOString()))) return { refused: refused() };
        await updateCustomer(trx, customer.id, { status: "active" });
        const active: CustomerRow = { ...customer, status: "active" };
        const session = await this.startSession(trx, active, "storefront");
        return { customer: active, session };
      }),
    );
    if ("refused" in outcome) throw outcome.refused;
    return { customerId: outcome.customer.id, tokens: await this.tokenResponse(outcome.customer, outcome.session.familyId, outcome.session.refreshToken) };
  }

  /** Mails a reset link (one hour, single use) when the address has an account; answers nothing either way. */
  async forgottenPassword(site: BrandId, lang: Lang, rawEmail: string, clientAddress: string | undefined): Promise<void> {
    await this.checkRequestRate(clientAddress);
    const email = normalEmail(rawEmail);
    const store = this.deps.brands[site];
    const customer = await findCustomerByEmail(this.deps.db, site, email);
    if (!customer || !(await this.mayMail(site, email))) return;
    const mailIds = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const now = new Date();
        const link = newLinkToken();
        // Only the newest link works: an older mail lying around opens nothing.
        await voidCustomerTokens(trx, customer.id, "reset", now.toISOString());
        await insertCustomerToken(trx, this.linkRow(customer.id, "reset", link.hash, now, RESET_LINK_TTL_MS));
        const url = confirmationUrl(store, lang, PASSWORD_RESET_PATH, link.token);
        return queueMails(trx, "password-reset", [{ to: email, ...messagesFor(lang, site).passwordReset(customer.first_name, url, store.name) }]);
      }),
    );
    // Sent without waiting: an answer that waited for the mail server would be slower for known
    // addresses than for unknown ones, and tell them apart. (Delivery never throws; a failed send
    // stays in the outbox and is retried.)
    if (mailIds.length) void this.deps.outbox.deliver({ ids: mailIds });
  }

  /**
   * Sets the new password from a reset link and ends every session of the account (someone else
   * may hold one). The link proves the address, so a still-pending account becomes active.
   */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const refused = () => invalid("token", "This reset link is not valid or has already been used. Ask for a new one.");
    if (!isWellFormedToken(token)) throw refused();
    const hash = sha256(token);
    const passwordHash = await hashPassword(newPassword);
    const outcome = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const now = new Date();
        const row = await findCustomerToken(trx, hash, "reset");
        if (!row || row.used_at !== null) return refused();
        if (isPast(row.expires_at, now)) return invalid("token", "This reset link has expired (links work for one hour). Ask for a new one.");
        if (!(await useCustomerToken(trx, hash, now.toISOString()))) return refused();
        await updateCustomer(trx, row.customer_id, { password_hash: passwordHash, status: "active" });
        await voidCustomerTokens(trx, row.customer_id, "reset", now.toISOString());
        await revokeCustomerFamilies(trx, row.customer_id, "password-reset", now.toISOString());
        return null;
      }),
    );
    if (outcome) throw outcome;
  }

  // ---- the customer's own data ----

  async customer(customerId: string): Promise<CustomerRow | undefined> {
    return findCustomer(this.deps.db, customerId);
  }

  /** Name and phone; a new email needs the current password (and must not belong to another account). */
  async updateProfile(actor: Actor, update: ProfileUpdate, audit: (trx: Db, action: string, detail: string) => Promise<void>): Promise<CustomerProfile> {
    const customer = await findCustomer(this.deps.db, actor.customerId);
    if (!customer) throw new ShopError("notFound", { type: "UnknownIdentifierError", message: "No such customer.", subject: "user", subjectType: "user" });
    const email = update.email === undefined ? undefined : normalEmail(update.email);
    if (email !== undefined && email !== customer.email) {
      if (!(await passwordMatches(customer.password_hash, update.currentPassword ?? ""))) {
        throw invalid("currentPassword", "The current password is not correct.");
      }
    }
    const changes = {
      ...(update.firstName !== undefined ? { first_name: update.firstName } : {}),
      ...(update.lastName !== undefined ? { last_name: update.lastName } : {}),
      ...(update.phone !== undefined ? { phone: update.phone } : {}),
      ...(email !== undefined && email !== customer.email ? { email } : {}),
    };
    const updated = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        if (changes.email && (await findCustomerByEmail(trx, customer.site, changes.email))) {
          return invalid("email", "This email address cannot be used for your account. Choose another.");
        }
        await updateCustomer(trx, customer.id, changes);
        await audit(trx, "updated profile", Object.keys(changes).join(", "));
        return (await findCustomer(trx, customer.id))!;
      }),
    );
    if (updated instanceof ShopError) throw updated;
    return profileOf(updated);
  }

  /** Sets a new password and ends every other session of the customer; the caller's own (`keepFamily`) stays. */
  async changePassword(
    actor: Actor,
    keepFamily: string | undefined,
    change: { currentPassword: string; newPassword: string },
    audit: (trx: Db, action: string, detail: string) => Promise<void>,
  ): Promise<void> {
    const customer = await findCustomer(this.deps.db, actor.customerId);
    if (!customer || !(await passwordMatches(customer.password_hash, change.currentPassword))) {
      throw invalid("currentPassword", "The current password is not correct.");
    }
    const passwordHash = await hashPassword(change.newPassword);
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const now = new Date().toISOString();
        await updateCustomer(trx, customer.id, { password_hash: passwordHash });
        await voidCustomerTokens(trx, customer.id, "reset", now);
        const ended = await revokeCustomerFamilies(trx, customer.id, "password-change", now, keepFamily);
        await audit(trx, "changed password", `${ended} other session(s) ended`);
      }),
    );
  }

  private linkRow(customerId: string, purpose: "signup" | "reset", hash: string, now: Date, ttlMs: number) {
    return {
      token_hash: hash,
      customer_id: customerId,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      used_at: null,
    };
  }

  private async checkRequestRate(clientAddress: string | undefined): Promise<void> {
    if (!clientAddress) return;
    const verdict = await this.deps.limits.hit(ACCOUNT_REQUESTS_PER_ADDRESS, clientAddress);
    if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterSeconds);
  }

  private async mayMail(site: BrandId, email: string): Promise<boolean> {
    return (await this.deps.limits.hit(ACCOUNT_MAILS_PER_RECIPIENT, `${site}:${email}`)).allowed;
  }
}
