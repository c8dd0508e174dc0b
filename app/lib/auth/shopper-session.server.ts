import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { createCookieSessionStorage, redirect, type Session, type SessionStorage } from "react-router";
import { LRUCache } from "lru-cache";
import type { ClientId } from "../../../commerce/contract/auth";
import { FrequencyWeeksSchema } from "../../../commerce/contract/frequency";
import type { SiteNotice } from "../../../commerce/contract/site-notices";
import { CookieJar, DAY_MS } from "../cookies.server";
import { RefreshGate } from "./refresh-gate";
import { createSignedCookie } from "./signed-cookie.server";
import { AGENT_SESSION_KEYS, isLoggedIn, isTokenValid, SIGN_OUT_COOKIES, type TokenRecord } from "./token-rules";

/** The sign-in markers of the checkout and its confirmation page (browser-session cookies; decision 084). */
export const CHECKOUT_SIGN_IN_MARKERS = ["spcPageLogin", "orderConfirmationPageLogin"] as const;

/** The signed session cookie's name. */
export const SESSION_COOKIE = "SESSION";

/**
 * How long "remember me" keeps a shopper signed in: the life of a customer's refresh token in the
 * site configuration (30 days); past it the session could not be refreshed anyway.
 */
export const REMEMBER_ME_SECONDS = 30 * 24 * 3600;

/** Who the tokens in a session belong to, besides the tokens themselves. */
export interface SignedInAs extends TokenRecord {
  clientId: ClientId;
  /** The customer's (or agent's) id. */
  userId: string;
  /** Price and user groups: the prices this shopper is shown depend on them. */
  groups: string[];
  firstName: string;
}

/** Guest orders a session remembers: enough for a confirmation page revisited, small enough for a cookie. */
const GUEST_ORDERS_KEPT = 3;

/** What the session cookie holds. It is signed (SESSION_SECRET), HttpOnly, and never read by page scripts. */
export interface ShopperSessionData {
  /** Changes at every sign-in and sign-out, so a session id seen before sign-in is worth nothing after. */
  sid: string;
  /** The tokens and who they belong to, sealed (see sealTokens): the cookie is signed, not secret. */
  auth: string;
  rememberMe: boolean;
  /** The agent's id while a customer-service agent works in this browser. */
  csAgentId: string;
  /** The customer an agent is acting for. */
  customerId: string;
  customerName: string;
  isNoboUser: boolean;
  /** The shopper's anonymous cart (signed-in customers' carts are found by their account). */
  cartGuid: string;
  /** Units in the cart, for the header's count without asking the API on every page. */
  cartQuantity: number;
  /**
   * The orders this browser placed as a guest (newest first, a few): number and the guid of the
   * cart each came from, which the service asks for before it shows a guest's order.
   */
  guestOrders: { code: string; guid: string }[];
  /** The last order this browser placed and the checkout key (page view) it was placed from: a re-sent review form names it. */
  placedOrder: { code: string; checkoutKey: string };
  /** An order whose review form was sent again, said once on the cart page the shopper lands on. */
  resentOrder: string;
  /** What the cart merge at sign-in could not keep, shown once on the cart page. */
  cartChanges: { productCode: string; requested: number; kept: number; reason: "stock" | "maxQuantity" | "unavailable" }[];
  /** Set when a refresh was refused during single-step checkout: the page asks the shopper to sign in again. */
  tokenRotation: "refresh failed";
  /**
   * The brewer quiz in progress with the question service (questions, rawQuestions, finalResult,
   * totalQuestion, currentQuestion, investigateUrl, token), as app/models/quiz-questions.server.ts
   * writes it; the model checks it on every read.
   */
  brewerQuiz: unknown;
  /** How often the shopper chose to have their auto-delivery come (weeks), on a product page: the checkout starts from it. */
  adFrequencyWeeks: number;
  /** The signed-in customer's header state from getCustomerDetails and when it was read (decision 075). */
  customerDetails: CustomerDetailsSnapshot;
  /**
   * Checkout's address review (decision 081): a typed address waiting for the shopper's choice
   * beside the verifier's suggestion, and the addresses they chose to keep as typed, as
   * app/lib/address-review.server.ts writes it; it checks it on every read.
   */
  addressReview: unknown;
  /** The last cart change (add to cart, a reward), kept for the next page's analytics data layer only with analytics consent (decision 080). */
  cartEvent: { cartGuid: string; quantity: number };
}

/** What the header shows of a signed-in customer between two getCustomerDetails calls. */
export interface CustomerDetailsSnapshot {
  /** Milliseconds since the epoch. */
  at: number;
  firstName: string;
  perksOptIn: boolean;
  notices: SiteNotice[];
}

export interface SessionSettings {
  secrets: string[];
  secure: boolean;
  /** How long a remembered session lasts (the refresh token's lifetime). */
  rememberForSeconds: number;
  privacyCookiesEnabled: boolean;
  /** Trades a refresh token for new tokens (the commerce service's refresh grant). */
  refresh: (refreshToken: string, clientId: ClientId) => Promise<TokenRecord>;
  /** Where this request sends a customer (or an agent) whose sign-in ended, to sign in again and come back. */
  signInAgainPath?: (clientId: ClientId) => string;
}

/** Thrown by a refresh that the commerce service refused, with its HTTP status. */
export interface RefusedRefresh {
  status: number;
}

const gate = new RefreshGate();

export function sessionStorageFor(settings: Pick<SessionSettings, "secrets" | "secure">): SessionStorage<Partial<ShopperSessionData>> {
  return createCookieSessionStorage<Partial<ShopperSessionData>>({
    cookie: createSignedCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure: settings.secure, secrets: settings.secrets }),
  });
}

const newSid = () => randomBytes(16).toString("hex");

/** The AES keys derived from the session secrets, each once (every signed-in page opens its tokens). */
const sealingKeys = new LRUCache<string, Buffer>({
  max: 16,
  memoMethod: (secret) => createHash("sha256").update(`brewfront session tokens|${secret}`).digest(),
});
const sealingKey = (secret: string) => sealingKeys.memo(secret);

/**
 * The session cookie is signed, so nobody can change it, but its content is only encoded: tokens
 * in it would be readable wherever a cookie ends up (a log, a proxy, a support screenshot). They
 * are sealed with AES-256-GCM under a key derived from the newest session secret, and opened with
 * any of the accepted secrets, so rotating the secret keeps shoppers signed in.
 */
export function sealTokens(who: SignedInAs, secrets: readonly string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(secrets[0]!), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(who), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

export function openTokens(sealed: string, secrets: readonly string[]): SignedInAs | undefined {
  const raw = Buffer.from(sealed, "base64url");
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", sealingKey(secret), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as SignedInAs;
    } catch {
      /* sealed under another secret: try the next */
    }
  }
  return undefined;
}

/**
 * One shopper's session for one request: the signed-in state, tokens kept fresh, and the cookies
 * to send back. Each change is serialised at once, so server/storefront-handler.ts can add the Set-Cookie headers
 * when the response starts, whichever loader or action made the change.
 */
export class ShopperSession {
  private pendingCookie: string | undefined;
  private opened: { sealed: string | undefined; auth: SignedInAs | undefined } | undefined;
  private readonly jar: CookieJar;
  /** Whose sign-in the service ended during this request (its refresh was refused). */
  private endedFor: ClientId | undefined;
  /** The agent's assisted session ended during this request (written once): every refused call answers the desk. */
  private endingAssistedSession: Promise<void> | undefined;

  private constructor(
    private readonly session: Session<Partial<ShopperSessionData>>,
    private readonly storage: SessionStorage<Partial<ShopperSessionData>>,
    private readonly settings: SessionSettings,
    cookieHeader: string | undefined,
  ) {
    this.jar = new CookieJar(cookieHeader, settings.privacyCookiesEnabled);
  }

  static async open(cookieHeader: string | undefined, settings: SessionSettings, storage = sessionStorageFor(settings)): Promise<ShopperSession> {
    // Most shoppers have no session cookie: skip verifying a signature that is not there.
    const hasCookie = !!cookieHeader && cookieHeader.includes(`${SESSION_COOKIE}=`);
    const session = await storage.getSession(hasCookie ? cookieHeader : null);
    return new ShopperSession(session, storage, settings, cookieHeader);
  }

  /** The signed-in party, unsealed once per request. */
  private get auth(): SignedInAs | undefined {
    const sealed = this.session.get("auth");
    if (!this.opened || this.opened.sealed !== sealed) this.opened = { sealed, auth: sealed ? openTokens(sealed, this.settings.secrets) : undefined };
    return this.opened.auth;
  }

  private set auth(who: SignedInAs) {
    const sealed = sealTokens(who, this.settings.secrets);
    this.session.set("auth", sealed);
    this.opened = { sealed, auth: who };
  }

  /** The customer signed in with their own tokens (not an agent). */
  get customer(): SignedInAs | undefined {
    const auth = this.auth;
    return auth?.clientId === "storefront" ? auth : undefined;
  }

  /** The agent signed in in this browser, if any. */
  get agent(): SignedInAs | undefined {
    const auth = this.auth;
    return auth?.clientId === "agent" ? auth : undefined;
  }

  /** The customer an agent is acting for. */
  get actingFor(): { customerId: string; name: string } | undefined {
    const customerId = this.session.get("customerId");
    return this.agent && customerId ? { customerId, name: this.session.get("customerName") ?? customerId } : undefined;
  }

  get isLoggedIn(): boolean {
    return isLoggedIn({
      agentId: this.session.get("csAgentId"),
      hasCustomerToken: !!this.customer,
      cookies: Object.fromEntries(["brewerRegistrationSession", "orderConfirmationPageLogin", "spcPageLogin"].map((n) => [n, this.jar.get(n)])),
    });
  }

  /** The id customer calls use in their path: current, the customer an agent serves, or anonymous. */
  get userPathId(): string {
    if (this.actingFor) return this.actingFor.customerId;
    return this.customer ? "current" : "anonymous";
  }

  /** Price groups for caches keyed by what prices a shopper sees. */
  get priceGroups(): string {
    return this.customer?.groups.join(",") ?? "";
  }

  get refreshFailed(): boolean {
    return this.session.get("tokenRotation") === "refresh failed";
  }

  /**
   * A bearer token for a call, refreshed first when it has expired. Without one (signed out, or the
   * refresh was refused) the call goes out anonymous and the session forgets its tokens.
   */
  async bearer(options: { duringCheckout?: boolean } = {}): Promise<string | undefined> {
    const auth = this.auth;
    if (!auth) return undefined;
    if (isTokenValid(auth)) return auth.accessToken;
    return this.refresh(auth, options);
  }

  /** After the API refused the token (401): drop it and refresh once. */
  async renew(options: { duringCheckout?: boolean } = {}): Promise<string | undefined> {
    const auth = this.auth;
    if (!auth) return undefined;
    return this.refresh({ ...auth, accessToken: "", expiresAt: 0 }, options);
  }

  private async refresh(auth: SignedInAs, { duringCheckout = false }: { duringCheckout?: boolean }): Promise<string | undefined> {
    if (!auth.refreshToken) {
      await this.forgetTokens();
      return undefined;
    }
    try {
      const tokens = await gate.refresh(auth.refreshToken, () => this.settings.refresh(auth.refreshToken!, auth.clientId));
      this.auth = { ...auth, ...tokens };
      await this.persist();
      return tokens.accessToken;
    } catch (err) {
      await this.forgetTokens();
      // Refused, not unanswered: the sign-in ended on the server (password changed elsewhere,
      // a stolen refresh token detected, the agent's session ended).
      const status = (err as Partial<RefusedRefresh>).status;
      if (status !== undefined && status >= 400 && status < 500) this.endedFor = auth.clientId;
      if (duringCheckout && status === 403) {
        this.session.set("tokenRotation", "refresh failed");
        await this.persist();
      }
      return undefined;
    }
  }

  /**
   * When the service ended this session's sign-in during this request: the answer to a page that
   * needed it, the sign-in page (the session, already emptied, goes out with it), then back here.
   */
  signInAgain(): Response | undefined {
    if (!this.endedFor || !this.settings.signInAgainPath) return undefined;
    return redirect(this.settings.signInAgainPath(this.endedFor), 303);
  }

  /**
   * When the service says the agent no longer has an assisted session with the customer this
   * session acts for (ended on another device, or by another tab): the session stops acting for
   * them, and the answer is the agents' desk, which says so.
   */
  async assistedSessionEnded(): Promise<Response | undefined> {
    // A page's calls made side by side are refused alike: each gets the desk, not only the first,
    // and none before the session that no longer acts for the customer is written.
    if (!this.endingAssistedSession) {
      if (!this.actingFor) return undefined;
      this.endingAssistedSession = this.actFor(undefined);
    }
    await this.endingAssistedSession;
    return redirect("/agent?notice=assistedSessionEnded", 303);
  }

  /** A failed refresh clears the session's sign-in (and with it the refresh flag). */
  private async forgetTokens(): Promise<void> {
    this.session.unset("auth");
    for (const key of AGENT_SESSION_KEYS) this.session.unset(key);
    this.session.unset("customerName");
    await this.persist();
  }

  /**
   * Signs a customer or an agent in: a new session id, the tokens, and the markers the pages read
   * (isAuthenticated, expiresIn, remember_me; userWasLoggedIn and userFirstName with functional consent).
   */
  async signIn(who: SignedInAs, options: { rememberMe: boolean }): Promise<void> {
    for (const key of Object.keys(this.session.data) as (keyof ShopperSessionData)[]) this.session.unset(key);
    this.session.set("sid", newSid());
    this.auth = who;
    this.session.set("rememberMe", options.rememberMe);
    if (who.clientId === "agent") {
      this.session.set("csAgentId", who.userId);
      this.session.set("isNoboUser", true);
    }
    const lifetime = options.rememberMe ? { maxAgeMs: this.settings.rememberForSeconds * 1000 } : {};
    this.jar.set("isAuthenticated", "true", lifetime);
    this.jar.set("expiresIn", String(who.expiresAt), lifetime);
    if (options.rememberMe) this.jar.set("remember_me", "true", lifetime);
    else this.jar.delete("remember_me");
    if (who.clientId === "storefront") {
      this.jar.set("userWasLoggedIn", "true", { maxAgeMs: 30 * DAY_MS });
      this.jar.set("userFirstName", who.firstName, { maxAgeMs: 30 * DAY_MS });
    }
    await this.persist();
  }

  /** The cart this session adds to, and how many units it holds. */
  get cart(): { guid: string | undefined; quantity: number } {
    return { guid: this.session.get("cartGuid"), quantity: this.session.get("cartQuantity") ?? 0 };
  }

  /** Remembers the cart after a change (the guid only matters while the shopper is anonymous). */
  async rememberCart(guid: string | undefined, quantity: number): Promise<void> {
    if (guid) this.session.set("cartGuid", guid);
    else this.session.unset("cartGuid");
    this.session.set("cartQuantity", quantity);
    await this.persist();
  }

  /**
   * After an order: the cart is gone (the next add starts a new one), and a guest's order is kept
   * so this browser can show its confirmation again and turn it into an account.
   */
  async rememberOrder(order: { code: string; guid: string; guest: boolean; checkoutKey: string }): Promise<void> {
    this.session.unset("cartGuid");
    this.session.set("cartQuantity", 0);
    this.session.set("placedOrder", { code: order.code, checkoutKey: order.checkoutKey });
    this.session.unset("adFrequencyWeeks");
    // An order may start a subscription with a card that is about to expire: the header reads its notices again.
    this.session.unset("customerDetails");
    if (order.guest) {
      const earlier = (this.session.get("guestOrders") ?? []).filter((o) => o.code !== order.code);
      this.session.set("guestOrders", [{ code: order.code, guid: order.guid }, ...earlier].slice(0, GUEST_ORDERS_KEPT));
    }
    await this.persist();
  }

  /** The order this browser already placed from the page view with this checkout key, if it did. */
  orderPlacedWith(checkoutKey: unknown): string | undefined {
    const placed = this.session.get("placedOrder");
    return placed && typeof checkoutKey === "string" && placed.checkoutKey === checkoutKey ? placed.code : undefined;
  }

  /** Keeps a re-sent order's number until the cart page has said it was already placed. */
  async rememberResentOrder(code: string): Promise<void> {
    this.session.set("resentOrder", code);
    await this.persist();
  }

  /** The re-sent order's number, once: reading it forgets it. */
  async takeResentOrder(): Promise<string | undefined> {
    const code = this.session.get("resentOrder");
    if (code === undefined) return undefined;
    this.session.unset("resentOrder");
    await this.persist();
    return code;
  }

  /** Keeps what a cart merge changed until the cart page has shown it. */
  async rememberCartChanges(changes: ShopperSessionData["cartChanges"]): Promise<void> {
    if (changes.length === 0) return;
    this.session.set("cartChanges", changes.slice(0, 20));
    await this.persist();
  }

  /** What the last merge changed, once: reading it forgets it. */
  async takeCartChanges(): Promise<ShopperSessionData["cartChanges"]> {
    const changes = this.session.get("cartChanges") ?? [];
    if (changes.length === 0) return [];
    this.session.unset("cartChanges");
    await this.persist();
    return changes;
  }

  /** The auto-delivery frequency chosen last on a product page, checked again (a session may be older than this code). */
  get adFrequencyWeeks(): number | undefined {
    return FrequencyWeeksSchema.safeParse(this.session.get("adFrequencyWeeks")).data;
  }

  async rememberAdFrequency(weeks: number): Promise<void> {
    this.session.set("adFrequencyWeeks", weeks);
    await this.persist();
  }

  /** The customer's header state as last read, if it was read since the sign-in. */
  get customerDetails(): CustomerDetailsSnapshot | undefined {
    return this.session.get("customerDetails");
  }

  /** Keeps the header state (undefined forgets it, so the next page reads it again). */
  async rememberCustomerDetails(details: CustomerDetailsSnapshot | undefined): Promise<void> {
    if (details) this.session.set("customerDetails", details);
    else this.session.unset("customerDetails");
    await this.persist();
  }

  /**
   * After an order (GET /_s/postOrderCleanup, decision 084): what only the checkout needed goes,
   * the cart's guid too when its cart was ordered (`cartOrdered`). The placed order stays, so a
   * review form sent again still names it. Answers the names cleared (none the second time).
   */
  async forgetCheckoutState(cartOrdered: boolean): Promise<string[]> {
    const cleared: string[] = [];
    if (cartOrdered && this.session.get("cartGuid")) {
      this.session.unset("cartGuid");
      this.session.set("cartQuantity", 0);
      cleared.push("cartGuid");
    }
    for (const key of ["tokenRotation", "adFrequencyWeeks"] as const) {
      if (this.session.get(key) === undefined) continue;
      this.session.unset(key);
      cleared.push(key);
    }
    for (const name of CHECKOUT_SIGN_IN_MARKERS) {
      if (this.jar.get(name) === undefined) continue;
      this.jar.delete(name);
      cleared.push(name);
    }
    if (cleared.some((name) => !(CHECKOUT_SIGN_IN_MARKERS as readonly string[]).includes(name))) await this.persist();
    return cleared;
  }

  /**
   * Keeps a cart change for the analytics data layer of the page drawn next (after the redirect,
   * or the revalidation that follows an in-place add), only when the shopper allowed analytics.
   */
  async rememberCartEvent(event: { cartGuid: string; quantity: number }): Promise<void> {
    if (!this.jar.allows("c1")) return;
    this.session.set("cartEvent", event);
    await this.persist();
  }

  /** The last cart change, once: reading it forgets it. */
  async takeCartEvent(): Promise<{ cartGuid: string; quantity: number } | undefined> {
    const event = this.session.get("cartEvent");
    if (event === undefined) return undefined;
    this.session.unset("cartEvent");
    await this.persist();
    return event;
  }

  /** The guid of the cart a guest order of this browser came from. */
  guestOrderGuid(code: string): string | undefined {
    return (this.session.get("guestOrders") ?? []).find((o) => o.code === code)?.guid;
  }

  /** Checkout's address review, unchecked (app/lib/address-review.server.ts validates it). */
  get addressReview(): unknown {
    return this.session.get("addressReview");
  }

  async rememberAddressReview(state: unknown): Promise<void> {
    if (state === undefined) this.session.unset("addressReview");
    else this.session.set("addressReview", state);
    await this.persist();
  }

  /** The brewer quiz in progress, unchecked (its model validates it). */
  get brewerQuiz(): unknown {
    return this.session.get("brewerQuiz");
  }

  async rememberBrewerQuiz(state: unknown): Promise<void> {
    if (state === undefined) this.session.unset("brewerQuiz");
    else this.session.set("brewerQuiz", state);
    await this.persist();
  }

  /** A cookie of this request (the quizzes' cookies are read and written through the session's consent-aware jar). */
  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  /** Writes a cookie if consent allows; answers whether it was written. */
  setCookie(name: string, value: string, options: { maxAgeMs?: number } = {}): boolean {
    return this.jar.set(name, value, options);
  }

  deleteCookie(name: string): void {
    this.jar.delete(name);
  }

  /** Writes cookies the commerce service asks for on a customer's behalf (price group, employee flag...). */
  setCustomerCookies(cookies: readonly { key: string; value: string }[]): void {
    const lifetime = this.session.get("rememberMe") ? { maxAgeMs: this.settings.rememberForSeconds * 1000 } : {};
    for (const { key, value } of cookies) this.jar.set(key, value, lifetime);
  }

  /** An agent starts (or stops, with undefined) acting for a customer; the session id changes with the privilege. */
  async actFor(customer: { customerId: string; name: string } | undefined): Promise<void> {
    this.session.set("sid", newSid());
    if (customer) {
      this.session.set("customerId", customer.customerId);
      this.session.set("customerName", customer.name);
    } else {
      this.session.unset("customerId");
      this.session.unset("customerName");
    }
    await this.persist();
  }

  /** Signs out: the session is emptied (tokens, agent keys) and the sign-in cookies are deleted. */
  async signOut(): Promise<void> {
    for (const key of Object.keys(this.session.data) as (keyof ShopperSessionData)[]) this.session.unset(key);
    for (const name of SIGN_OUT_COOKIES) this.jar.delete(name);
    this.pendingCookie = await this.storage.destroySession(this.session);
  }

  /** The Set-Cookie values this request has to send (the session, when it changed, and the markers). */
  setCookieHeaders(): string[] {
    return [...(this.pendingCookie ? [this.pendingCookie] : []), ...this.jar.setCookieHeaders()];
  }

  private async persist(): Promise<void> {
    if (!this.session.get("sid")) this.session.set("sid", newSid());
    const remember = this.session.get("rememberMe");
    this.pendingCookie = await this.storage.commitSession(this.session, remember ? { maxAge: this.settings.rememberForSeconds } : {});
  }
}
