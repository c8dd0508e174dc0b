import { randomBytes, randomUUID } from "node:crypto";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import type { CustomerProfile, ProfileUpdate, SignUpRequest, TokenResponse } from "../contract/auth";
import type { BrandFacts } from "../contract/brands";
import type { BrandId, Lang } from "../contract/common";
import {
  type CustomerRow,
  findCustomer,
  findCustomerByEmail,
  findCustomerToken,
  insertCustomer,
  insertCustomerToken,
  revokeCustomerFamilies,
  updateCustomer,
  useCustomerToken,
  voidCustomerTokens,
} from "../db/customers";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import { normalEmail, profileOf } from "./account-rules";
import type { AuditWriter } from "./addresses";
import { confirmationUrl, isWellFormedToken } from "./email-confirmation";
import { invalid, ShopError, TooManyRequests } from "./errors";
import type { MailMessage } from "./mail";
import { type MailOutbox, queueMails } from "./mail-outbox";
import { messagesFor } from "./messages";
import { hashPassword, passwordMatches } from "./passwords";
import { perksSettings } from "./perks-settings";
import { unavailableWhenBusy } from "./service-unavailable";
import type { TokenGrants } from "./token-grants";
import { isPast, sha256 } from "./tokens";

/** Where the mailed links lead, on the storefront. */
export const SIGNUP_CONFIRM_PATH = "/login/confirm";
export const PASSWORD_RESET_PATH = "/login/reset";
export const SIGNUP_LINK_TTL_MS = 24 * 3600_000;
export const RESET_LINK_TTL_MS = 3600_000;

/** Sign-ups and password-reset requests per client address. */
export const ACCOUNT_REQUESTS_PER_ADDRESS: RateLimitRule = { name: "account-requests-address", points: 60, windowSeconds: 10 * 60 };
/**
 * Account mails (confirmations, "someone tried", reset links) one address receives per hour. Past
 * it the request is answered as usual but nothing is sent, so a stranger cannot flood a mailbox
 * and the answer still says nothing about the address.
 */
export const ACCOUNT_MAILS_PER_RECIPIENT: RateLimitRule = { name: "account-mails-recipient", points: 5, windowSeconds: 3600 };

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
  limits: RateLimits;
  /** Signs the shopper in when a sign-up is confirmed. */
  grants: TokenGrants;
}

/** A fresh single-use link token: the mail carries it, the database only its hash. */
function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256(token) };
}

/**
 * Customers' accounts: sign-up and its confirmation, password reset by single-use links, and
 * the customer's own profile and password. Each change is one write transaction; its mail is
 * queued in it. Signing in and sessions are the token grants' (token-grants.ts).
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceOptions) {}

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
    // Joining perks at sign-up counts only where the store has perks and joining is open.
    const perks = request.perksOptIn ? await perksSettings(this.deps.db, site) : undefined;
    const joinsPerks = perks?.enabled === true && perks.optInEnabled;
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
            perks_member: joinsPerks ? 1 : 0,
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
        const session = await this.deps.grants.startSession(trx, active, "storefront");
        return { customer: active, session };
      }),
    );
    if ("refused" in outcome) throw outcome.refused;
    return {
      customerId: outcome.customer.id,
      tokens: await this.deps.grants.tokenResponse(outcome.customer, outcome.session.familyId, outcome.session.refreshToken),
    };
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

  async customer(customerId: string): Promise<CustomerRow | undefined> {
    return findCustomer(this.deps.db, customerId);
  }

  /** Name and phone; a new email needs the current password (and must not belong to another account). */
  async updateProfile(actor: Actor, update: ProfileUpdate, audit: AuditWriter): Promise<CustomerProfile> {
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
    audit: AuditWriter,
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
