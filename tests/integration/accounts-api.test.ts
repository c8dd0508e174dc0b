import { describe, expect, it } from "vitest";
import { AuditLogSchema, CustomerProfileSchema, TokenResponseSchema } from "../../commerce/contract/auth";
import { AddressListSchema } from "../../commerce/contract/address";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { migrateDatabase, openDatabase, refuseDemoPasswords, seedDatabase } from "../../commerce/service";
import { commerceForSuite, testCommerceConfig } from "../support/commerce";
import { DIALECTS, tempSqlite } from "../support/databases";

describe.each(DIALECTS)("accounts API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const base = () => suite.api().baseUrl;
  const db = () => suite.api().db;

  const tokenRequest = (fields: Record<string, string>) =>
    fetch(`${base()}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const signIn = (email: string, password: string, site = "usb2c", client_id = "storefront") =>
    tokenRequest({ grant_type: "password", username: email, password, client_id, site });
  const refresh = (refresh_token: string, client_id = "storefront") => tokenRequest({ grant_type: "refresh_token", refresh_token, client_id });
  const tokensOf = async (res: Response) => {
    expect(res.status).toBe(200);
    return TokenResponseSchema.parse(await res.json());
  };
  const call = (method: string, path: string, accessToken?: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base()}/rest/v2${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

  /** Outbox messages to the address, oldest first. */
  const mailsTo = async (email: string) =>
    (await db().selectFrom("outbox_message").select(["kind", "subject", "body"]).where("recipient", "=", email).orderBy("id").execute()).map((m) => ({
      kind: m.kind,
      subject: m.subject,
      text: (JSON.parse(m.body) as { text: string }).text,
    }));
  const linkToken = (text: string, path: string) => {
    const token = new RegExp(`${path.replace("/", "\\/")}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
    if (!token) throw new Error(`no ${path} link in: ${text}`);
    return token;
  };

  const address = (n: number) => ({
    firstName: "Ada",
    lastName: "Lovelace",
    line1: `${n} Main St`,
    town: "Albany",
    region: "NY",
    postalCode: "12207",
    country: "US",
  });
  const signUp = (email: string, password = "correct horse battery", site = "usb2c", lang?: string) =>
    call("POST", `/${site}/users${lang ? `?lang=${lang}` : ""}`, undefined, { firstName: "Ada", lastName: "Lovelace", email, password });

  /** A confirmed customer, signed in: its tokens and id. */
  async function newCustomer(email: string, password = "correct horse battery") {
    expect((await signUp(email, password)).status).toBe(202);
    const mail = (await mailsTo(email)).at(-1)!;
    const confirmed = await json(await call("POST", "/usb2c/users/confirmations", undefined, { token: linkToken(mail.text, "/login/confirm") }));
    expect(confirmed.status).toBe(200);
    return { customerId: confirmed.body.customerId as string, tokens: TokenResponseSchema.parse(confirmed.body.tokens) };
  }

  describe("sign-up and confirmation", () => {
    it("answers a new and an existing address identically, and mails each the right thing", async () => {
      const first = await signUp("Grace@Example.com");
      const firstBody = await first.text();
      expect(first.status).toBe(202);
      const mails = await mailsTo("grace@example.com");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.kind).toBe("account-confirm");
      expect(mails[0]!.text).toMatch(/https:\/\/www\.brewfront\.com\/login\/confirm\?token=/);
      // Until confirmed, the account cannot sign in (and says so no differently from a wrong password).
      const pending = await json(await signIn("grace@example.com", "correct horse battery"));
      expect(pending).toEqual({ status: 400, body: { error: "invalid_grant", error_description: "Email or password is incorrect." } });

      const confirmed = await json(await call("POST", "/usb2c/users/confirmations", undefined, { token: linkToken(mails[0]!.text, "/login/confirm") }));
      expect(confirmed.status).toBe(200);
      const tokens = TokenResponseSchema.parse(confirmed.body.tokens);
      expect(tokens.refresh_token).toBeTruthy();
      const profile = CustomerProfileSchema.parse((await json(await call("GET", "/usb2c/users/current", tokens.access_token))).body);
      expect(profile).toMatchObject({ customerId: confirmed.body.customerId, email: "grace@example.com", firstName: "Ada", isEmployee: false });
      expect(profile.customerCookies).toEqual(
        expect.arrayContaining([
          { key: "isUsb2cEmployee", value: "false" },
          { key: "customer.usb2c.priceGroup", value: "standard" },
        ]),
      );
      // The link is single use.
      expect((await call("POST", "/usb2c/users/confirmations", undefined, { token: linkToken(mails[0]!.text, "/login/confirm") })).status).toBe(400);

      const again = await signUp("grace@example.com", "another password!");
      expect(again.status).toBe(first.status);
      expect(await again.text()).toBe(firstBody);
      const after = await mailsTo("grace@example.com");
      expect(after).toHaveLength(2);
      expect(after[1]!.kind).toBe("account-exists");
      expect(after[1]!.text).toContain("already has one");
      expect(after[1]!.text).toMatch(/\/login\/reset\?token=/);
      // Nothing changed: the old password still signs in, the new one does not.
      expect((await signIn("grace@example.com", "correct horse battery")).status).toBe(200);
      expect((await signIn("grace@example.com", "another password!")).status).toBe(400);
      const accounts = await db().selectFrom("customer").select("id").where("email", "=", "grace@example.com").execute();
      expect(accounts).toHaveLength(1);
    });

    it("writes the French link under /fr/ when asked in French", async () => {
      expect((await signUp("amelie@example.com", "mot de passe solide", "cab2c", "fr")).status).toBe(202);
      const [mail] = await mailsTo("amelie@example.com");
      expect(mail!.text).toMatch(/https:\/\/www\.brewfront\.ca\/fr\/login\/confirm\?token=/);
      expect(mail!.subject).toContain("Confirmez");
    });

    it("a second sign-up of a pending address replaces its password and voids the earlier link; links last 24 hours", async () => {
      expect((await signUp("twice@example.com", "first password")).status).toBe(202);
      expect((await signUp("twice@example.com", "second password")).status).toBe(202);
      const [early, late] = await mailsTo("twice@example.com");
      expect(early!.kind).toBe("account-confirm");
      expect(late!.kind).toBe("account-confirm");
      expect((await call("POST", "/usb2c/users/confirmations", undefined, { token: linkToken(early!.text, "/login/confirm") })).status).toBe(400);
      await db()
        .updateTable("customer_token")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("purpose", "=", "signup")
        .where("used_at", "is", null)
        .execute();
      const expired = await json(await call("POST", "/usb2c/users/confirmations", undefined, { token: linkToken(late!.text, "/login/confirm") }));
      expect(expired.status).toBe(400);
      expect(expired.body.errors).toEqual([expect.objectContaining({ subject: "token", message: expect.stringContaining("expired") })]);
      // Signing up again sends a fresh link, which works, with the latest password.
      expect((await signUp("twice@example.com", "third password")).status).toBe(202);
      const fresh = (await mailsTo("twice@example.com")).at(-1)!;
      expect((await call("POST", "/usb2c/users/confirmations", undefined, { token: linkToken(fresh.text, "/login/confirm") })).status).toBe(200);
      expect((await signIn("twice@example.com", "second password")).status).toBe(400);
      expect((await signIn("twice@example.com", "third password")).status).toBe(200);
    });

    it("refuses passwords outside 8 to 128 characters", async () => {
      const short = await json(await signUp("short@example.com", "1234567"));
      expect(short.status).toBe(400);
      expect(short.body.errors).toEqual([expect.objectContaining({ type: "ValidationError", subject: "password" })]);
      expect((await signUp("long@example.com", "x".repeat(129))).status).toBe(400);
    });
  });

  describe("the password grant", () => {
    it("signs a demo customer in with a JWT that carries the claims", async () => {
      const tokens = await tokensOf(await signIn("demo.perks@example.com", DEMO_PASSWORD));
      expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 1800, scope: "customer" });
      const claims = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
      expect(claims).toMatchObject({ site: "usb2c", role: "customer", groups: ["standard", "perks"], employee: false });
      expect(typeof claims.fam).toBe("string");
      expect(Number(claims.exp) - Number(claims.iat)).toBe(1800);
    });

    it("answers an unknown address, a wrong password and the wrong kind of account identically", async () => {
      const unknown = await json(await signIn("nobody@example.com", "whatever123"));
      const wrong = await json(await signIn("demo.customer@example.com", "whatever123"));
      const agentAsCustomer = await json(await signIn("demo.agent@example.com", DEMO_PASSWORD));
      const customerAsAgent = await json(await signIn("demo.customer@example.com", DEMO_PASSWORD, "usb2c", "agent"));
      expect(unknown).toEqual({ status: 400, body: { error: "invalid_grant", error_description: "Email or password is incorrect." } });
      expect(wrong).toEqual(unknown);
      expect(agentAsCustomer).toEqual(unknown);
      expect(customerAsAgent).toEqual(unknown);
    });

    it("refuses the 101st failed sign-in of an account within the hour, even with the right password", { timeout: 60_000 }, async () => {
      await newCustomer("target@example.com", "the right password");
      for (let i = 0; i < 100; i++) {
        const res = await signIn("target@example.com", `wrong ${i}`);
        expect(res.status).toBe(400);
      }
      const refused = await signIn("target@example.com", "the right password");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: "slow_down" });
      // Other accounts are not affected.
      expect((await signIn("demo.customer@example.com", DEMO_PASSWORD)).status).toBe(200);
    });

    it("refuses malformed requests and unknown grants in OAuth terms", async () => {
      expect(await json(await tokenRequest({ grant_type: "magic" }))).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
      expect(await json(await tokenRequest({ grant_type: "password", username: "a@example.com" }))).toMatchObject({
        status: 400,
        body: { error: "invalid_request" },
      });
    });
  });

  describe("refresh tokens", () => {
    const familyTokens = async (refreshToken: string) => {
      const { createHash } = await import("node:crypto");
      const hash = createHash("sha256").update(refreshToken).digest("hex");
      const row = await db().selectFrom("refresh_token").select("family_id").where("token_hash", "=", hash).executeTakeFirstOrThrow();
      return db().selectFrom("refresh_token").selectAll().where("family_id", "=", row.family_id).execute();
    };

    it("rotate on every use; a reuse within the grace window answers the same successor", async () => {
      const first = await tokensOf(await signIn("demo.customer@example.com", DEMO_PASSWORD));
      const second = await tokensOf(await refresh(first.refresh_token!));
      expect(second.refresh_token).not.toBe(first.refresh_token);
      const replay = await tokensOf(await refresh(first.refresh_token!));
      expect(replay.refresh_token).toBe(second.refresh_token);
      expect((await call("GET", "/usb2c/users/current", replay.access_token)).status).toBe(200);
      // Only SHA-256 hashes are stored.
      const rows = await familyTokens(second.refresh_token!);
      expect(rows).toHaveLength(2);
      expect(rows.map((r) => r.token_hash)).not.toContain(second.refresh_token);
      const third = await tokensOf(await refresh(second.refresh_token!));
      expect(third.refresh_token).not.toBe(second.refresh_token);
      // A late duplicate of the first request gets the session's newest token, not a used one.
      expect((await tokensOf(await refresh(first.refresh_token!))).refresh_token).toBe(third.refresh_token);
    });

    it("rotate exactly once when two processes refresh the same session at once", async () => {
      const first = await tokensOf(await signIn("demo.customer@example.com", DEMO_PASSWORD));
      const answers = await Promise.all([refresh(first.refresh_token!), refresh(first.refresh_token!), refresh(first.refresh_token!)]);
      const tokens = await Promise.all(answers.map(tokensOf));
      expect(new Set(tokens.map((t) => t.refresh_token)).size).toBe(1);
      const rows = await familyTokens(first.refresh_token!);
      expect(rows).toHaveLength(2);
      expect(rows.filter((r) => r.rotated_at !== null)).toHaveLength(1);
    });

    it("end the whole family when a used token comes back after the grace window", async () => {
      const first = await tokensOf(await signIn("demo.customer@example.com", DEMO_PASSWORD));
      const second = await tokensOf(await refresh(first.refresh_token!));
      // The first token was used 20 seconds ago.
      const rows = await familyTokens(first.refresh_token!);
      await db()
        .updateTable("refresh_token")
        .set({ rotated_at: new Date(Date.now() - 20_000).toISOString() })
        .where(
          "id",
          "in",
          rows.filter((r) => r.rotated_at !== null).map((r) => r.id),
        )
        .execute();
      const stolen = await json(await refresh(first.refresh_token!));
      expect(stolen).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
      // The legitimate holder's tokens stop working too.
      expect((await refresh(second.refresh_token!)).status).toBe(400);
      const denied = await json(await call("GET", "/usb2c/users/current", second.access_token));
      expect(denied.status).toBe(401);
      expect(denied.body.errors).toEqual([expect.objectContaining({ type: "InvalidTokenError" })]);
      const family = await db()
        .selectFrom("refresh_family")
        .select(["revoked_at", "revoked_reason"])
        .where("id", "=", rows[0]!.family_id)
        .executeTakeFirstOrThrow();
      expect(family.revoked_reason).toBe("refresh-token-reuse");
    });

    it("refuse unknown tokens and tokens of another client", async () => {
      const first = await tokensOf(await signIn("demo.customer@example.com", DEMO_PASSWORD));
      expect((await refresh(first.refresh_token!, "agent")).status).toBe(400);
      expect((await refresh("not-a-token")).status).toBe(400);
    });
  });

  describe("guest tokens and bearer checks", () => {
    it("issue a guest token for the configured client only, with no refresh token", async () => {
      const { guestClient } = testCommerceConfig(suite.api().databaseUrl).auth;
      const guest = await tokensOf(await tokenRequest({ grant_type: "client_credentials", client_id: guestClient.id, client_secret: guestClient.secret }));
      expect(guest.scope).toBe("guest");
      expect(guest.refresh_token).toBeUndefined();
      expect((await call("GET", "/usb2c/products/5001-SMRG", guest.access_token)).status).toBe(200);
      expect((await call("GET", "/usb2c/users/current", guest.access_token)).status).toBe(401);
      const wrong = await json(await tokenRequest({ grant_type: "client_credentials", client_id: guestClient.id, client_secret: "x".repeat(40) }));
      expect(wrong).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    });

    it("answer 401 for a forged, a tampered or another brand's token, and keep anonymous calls working", async () => {
      const tokens = await tokensOf(await signIn("demo.customer@example.com", DEMO_PASSWORD));
      expect((await call("GET", "/cab2c/products/5001-SMRG", tokens.access_token)).status).toBe(401);
      const [h, p, s] = tokens.access_token.split(".");
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), groups: ["perks"] })).toString("base64url")}.${s}`;
      expect((await call("GET", "/usb2c/products/5001-SMRG", tampered)).status).toBe(401);
      expect((await call("GET", "/usb2c/products/5001-SMRG", "garbage")).status).toBe(401);
      expect((await call("GET", "/usb2c/products/5001-SMRG", undefined, undefined, { Authorization: "Basic abc" })).status).toBe(401);
      expect((await call("GET", "/usb2c/products/5001-SMRG")).status).toBe(200);
      expect((await call("GET", "/usb2c/users/current")).status).toBe(401);
    });
  });

  describe("member prices", () => {
    it("appear only with a token of a member of the price's group", async () => {
      // A variant whose perks price is its best price (no sale beats it).
      const rows = await db()
        .selectFrom("price as p")
        .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.product_code").on("s.site", "=", "usb2c"))
        .select(["p.product_code", "p.value"])
        .where("p.user_group", "=", "perks")
        .where("p.currency", "=", "USD")
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("price as o")
                .select("o.product_code")
                .whereRef("o.product_code", "=", "p.product_code")
                .where("o.currency", "=", "USD")
                .where("o.kind", "in", ["discount", "promoted"]),
            ),
          ),
        )
        .limit(1)
        .execute();
      const { product_code: code, value } = rows[0]!;
      const priceOf = async (accessToken?: string) =>
        ((await (await call("GET", `/usb2c/products/${code}`, accessToken)).json()) as { price: { minor: number } }).price.minor;
      const perks = await tokensOf(await signIn("demo.perks@example.com", DEMO_PASSWORD));
      const plain = await tokensOf(await signIn("demo.customer@example.com", DEMO_PASSWORD));
      const anonymous = await priceOf();
      expect(value).toBeLessThan(anonymous);
      expect(await priceOf(perks.access_token)).toBe(value);
      expect(await priceOf(plain.access_token)).toBe(anonymous);
      expect(await priceOf()).toBe(anonymous);
    });
  });

  describe("password change and reset", () => {
    it("a change ends every other session at once; the caller's stays", async () => {
      const { tokens: mine } = await newCustomer("changer@example.com", "first password");
      const other = await tokensOf(await signIn("changer@example.com", "first password"));
      const wrong = await json(
        await call("PUT", "/usb2c/users/current/password", mine.access_token, { currentPassword: "nope nope", newPassword: "second password" }),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual([expect.objectContaining({ subject: "currentPassword" })]);
      const changed = await call("PUT", "/usb2c/users/current/password", mine.access_token, {
        currentPassword: "first password",
        newPassword: "second password",
      });
      expect(changed.status).toBe(200);
      expect((await call("GET", "/usb2c/users/current", other.access_token)).status).toBe(401);
      expect((await refresh(other.refresh_token!)).status).toBe(400);
      expect((await call("GET", "/usb2c/users/current", mine.access_token)).status).toBe(200);
      expect((await refresh(mine.refresh_token!)).status).toBe(200);
      expect((await signIn("changer@example.com", "first password")).status).toBe(400);
      expect((await signIn("changer@example.com", "second password")).status).toBe(200);
    });

    it("forgotten password: the same answer for every address; the link works once, within the hour, and ends every session", async () => {
      const { tokens } = await newCustomer("forgetful@example.com", "old password!");
      const known = await call("POST", "/usb2c/forgottenpasswordtokens", undefined, { email: "Forgetful@example.com" });
      const unknown = await call("POST", "/usb2c/forgottenpasswordtokens", undefined, { email: "stranger@example.com" });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(await known.text()).toBe(await unknown.text());
      expect(await mailsTo("stranger@example.com")).toEqual([]);
      const mail = (await mailsTo("forgetful@example.com")).at(-1)!;
      expect(mail.kind).toBe("password-reset");
      const token = linkToken(mail.text, "/login/reset");

      expect((await call("POST", "/usb2c/resetpassword", undefined, { token, newPassword: "short" })).status).toBe(400);
      expect((await call("POST", "/usb2c/resetpassword", undefined, { token, newPassword: "new password!" })).status).toBe(200);
      expect((await call("GET", "/usb2c/users/current", tokens.access_token)).status).toBe(401);
      expect((await signIn("forgetful@example.com", "new password!")).status).toBe(200);
      const reused = await json(await call("POST", "/usb2c/resetpassword", undefined, { token, newPassword: "third password" }));
      expect(reused.status).toBe(400);
      expect(reused.body.errors).toEqual([
        expect.objectContaining({ type: "ValidationError", subject: "token", message: expect.stringContaining("already been used") }),
      ]);

      // A link older than an hour has expired.
      await call("POST", "/usb2c/forgottenpasswordtokens", undefined, { email: "forgetful@example.com" });
      const late = linkToken((await mailsTo("forgetful@example.com")).at(-1)!.text, "/login/reset");
      await db()
        .updateTable("customer_token")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("purpose", "=", "reset")
        .where("used_at", "is", null)
        .execute();
      const expired = await json(await call("POST", "/usb2c/resetpassword", undefined, { token: late, newPassword: "third password" }));
      expect(expired.status).toBe(400);
      expect(expired.body.errors).toEqual([expect.objectContaining({ subject: "token", message: expect.stringContaining("expired") })]);
    });
  });

  describe("the profile", () => {
    it("changes names and phone freely, and the email only with the current password", async () => {
      const { tokens } = await newCustomer("profile@example.com", "profile password");
      const t = tokens.access_token;
      const renamed = await json(await call("PATCH", "/usb2c/users/current", t, { firstName: "Augusta", phone: "+1 555 0100" }));
      expect(renamed).toMatchObject({ status: 200, body: { firstName: "Augusta", phone: "+1 555 0100", email: "profile@example.com" } });
      const without = await json(await call("PATCH", "/usb2c/users/current", t, { email: "new@example.com" }));
      expect(without.status).toBe(400);
      expect(without.body.errors).toEqual([expect.objectContaining({ subject: "currentPassword" })]);
      expect((await call("PATCH", "/usb2c/users/current", t, { email: "new@example.com", currentPassword: "wrong one!" })).status).toBe(400);
      const taken = await json(await call("PATCH", "/usb2c/users/current", t, { email: "demo.customer@example.com", currentPassword: "profile password" }));
      expect(taken.status).toBe(400);
      const moved = await json(await call("PATCH", "/usb2c/users/current", t, { email: "New@Example.com", currentPassword: "profile password" }));
      expect(moved).toMatchObject({ status: 200, body: { email: "new@example.com" } });
      expect((await signIn("new@example.com", "profile password")).status).toBe(200);
    });
  });

  describe("addresses", () => {
    it("are added, paged four at a time with the default first, changed and deleted", async () => {
      const { tokens } = await newCustomer("addresses@example.com");
      const t = tokens.access_token;
      const ids: string[] = [];
      for (let n = 1; n <= 5; n++) {
        const res = await json(await call("POST", "/usb2c/users/current/addresses", t, address(n)));
        expect(res.status).toBe(201);
        ids.push(res.body.id as string);
        expect(res.body.isDefault).toBe(n === 1);
      }
      const page0 = AddressListSchema.parse((await json(await call("GET", "/usb2c/users/current/addresses?currentPage=0&pageSize=4", t))).body);
      expect(page0.addresses).toHaveLength(4);
      expect(page0.pagination).toEqual({ currentPage: 0, pageSize: 4, totalPages: 2, totalResults: 5 });
      expect(page0.addresses[0]).toMatchObject({ id: ids[0], isDefault: true });
      const page1 = AddressListSchema.parse((await json(await call("GET", "/usb2c/users/current/addresses?currentPage=1", t))).body);
      expect(page1.addresses).toHaveLength(1);

      const made = await json(await call("PATCH", `/usb2c/users/current/addresses/${ids[3]}`, t, { isDefault: true, line2: "Apt 4" }));
      expect(made).toMatchObject({ status: 200, body: { isDefault: true, line2: "Apt 4" } });
      const list = AddressListSchema.parse((await json(await call("GET", "/usb2c/users/current/addresses", t))).body);
      expect(list.addresses[0]!.id).toBe(ids[3]);
      expect(list.addresses.filter((a) => a.isDefault)).toHaveLength(1);

      expect((await call("DELETE", `/usb2c/users/current/addresses/${ids[3]}`, t)).status).toBe(204);
      const after = AddressListSchema.parse((await json(await call("GET", "/usb2c/users/current/addresses", t))).body);
      expect(after.pagination.totalResults).toBe(4);
      expect(after.addresses[0]!.isDefault).toBe(true);
      expect((await call("DELETE", `/usb2c/users/current/addresses/${ids[3]}`, t)).status).toBe(404);
    });

    it("refuse a state and ZIP or a province and postal code that do not agree, naming the field", async () => {
      const { tokens } = await newCustomer("postal@example.com");
      const t = tokens.access_token;
      const subjectOf = async (body: unknown) => {
        const res = await json(await call("POST", "/usb2c/users/current/addresses", t, body));
        expect(res.status).toBe(400);
        return (res.body.errors as { type: string; subject: string }[])[0];
      };
      expect(await subjectOf({ ...address(1), region: "ZZ" })).toMatchObject({ type: "ValidationError", subject: "region" });
      expect(await subjectOf({ ...address(1), postalCode: "1220" })).toMatchObject({ subject: "postalCode" });
      expect(await subjectOf({ ...address(1), postalCode: "94105" })).toMatchObject({
        subject: "postalCode",
        message: expect.stringContaining("ZIP codes beginning with 941 are in CA, not NY."),
      });
      expect(await subjectOf({ ...address(1), country: "CA", region: "ON", postalCode: "V5K 0A1" })).toMatchObject({ subject: "postalCode" });
      expect(await subjectOf({ ...address(1), country: "CA", region: "XX", postalCode: "K1A 0B1" })).toMatchObject({ subject: "region" });
      const ok = await json(await call("POST", "/usb2c/users/current/addresses", t, { ...address(1), country: "CA", region: "on", postalCode: "k1a0b1" }));
      expect(ok).toMatchObject({ status: 201, body: { region: "ON", postalCode: "K1A 0B1" } });
      expect((await call("POST", "/usb2c/users/current/addresses", t, { ...address(1), postalCode: "12207-1234" })).status).toBe(201);
      // A change is checked as the whole address it would make.
      const changed = await json(await call("PATCH", `/usb2c/users/current/addresses/${ok.body.id}`, t, { postalCode: "V5K 0A1" }));
      expect(changed.status).toBe(400);
      expect((changed.body.errors as { subject: string }[])[0]!.subject).toBe("postalCode");
    });
  });

  describe("other customers' data", () => {
    it("answers 404 for another customer's profile, addresses and audit log, exactly as for an unknown id", async () => {
      const a = await newCustomer("alice@example.com");
      const b = await newCustomer("bob@example.com");
      const unknown = await json(await call("GET", "/usb2c/users/00000000-0000-0000-0000-000000000000", a.tokens.access_token));
      expect(unknown.status).toBe(404);
      for (const path of [`/usb2c/users/${b.customerId}`, `/usb2c/users/${b.customerId}/addresses`, `/usb2c/users/${b.customerId}/auditlog`]) {
        expect(await json(await call("GET", path, a.tokens.access_token))).toEqual(unknown);
      }
      expect((await call("POST", `/usb2c/users/${b.customerId}/addresses`, a.tokens.access_token, address(1))).status).toBe(404);
      // Customers do not read their own audit log either.
      expect((await call("GET", `/usb2c/users/${a.customerId}/auditlog`, a.tokens.access_token)).status).toBe(404);
      // Their own id works like `current`.
      expect((await call("GET", `/usb2c/users/${a.customerId}`, a.tokens.access_token)).status).toBe(200);
    });
  });

  describe("customer-service agents", () => {
    it("find a customer, act for them and leave an audit trail with the correlation id", async () => {
      const agent = await tokensOf(await signIn("demo.agent@example.com", DEMO_PASSWORD, "usb2c", "agent"));
      expect(agent.scope).toBe("agent");
      const customer = await tokensOf(await signIn("demo.perks@example.com", DEMO_PASSWORD));
      const found = await json(await call("GET", "/usb2c/assistedservicewebservices/customers/search?query=perks", agent.access_token));
      expect(found.status).toBe(200);
      const customers = found.body.customers as { customerId: string; email: string }[];
      expect(customers.map((c) => c.email)).toEqual(["demo.perks@example.com"]);
      const id = customers[0]!.customerId;
      // Customers cannot search.
      expect((await call("GET", "/usb2c/assistedservicewebservices/customers/search?query=perks", customer.access_token)).status).toBe(403);

      const cid = (n: number) => ({ correlationID: `corr-${dialect}-${n}` });
      expect((await call("POST", "/usb2c/assistedservicewebservices/sessions", agent.access_token, { customerId: id }, cid(1))).status).toBe(201);
      const profile = await json(await call("GET", `/usb2c/users/${id}`, agent.access_token, undefined, cid(2)));
      expect(profile.body).toMatchObject({ email: "demo.perks@example.com", perksOptIn: true });
      expect((await call("POST", `/usb2c/users/${id}/addresses`, agent.access_token, address(7), cid(3))).status).toBe(201);
      // `current` means nobody for an agent.
      expect((await call("GET", "/usb2c/users/current", agent.access_token)).status).toBe(404);
      expect((await call("DELETE", `/usb2c/assistedservicewebservices/sessions/${id}`, agent.access_token, undefined, cid(4))).status).toBe(200);
      // Ended: the customer's account, its log included, is closed to the agent until it starts again.
      expect((await call("GET", `/usb2c/users/${id}/auditlog`, agent.access_token)).status).toBe(403);
      expect((await call("POST", "/usb2c/assistedservicewebservices/sessions", agent.access_token, { customerId: id }, cid(5))).status).toBe(201);

      const log = AuditLogSchema.parse((await json(await call("GET", `/usb2c/users/${id}/auditlog`, agent.access_token, undefined, cid(6)))).body);
      const trail = log.entries.filter((e) => e.correlationId.startsWith(`corr-${dialect}-`)).reverse();
      expect(trail.map((e) => [e.action, e.correlationId])).toEqual([
        ["session started", `corr-${dialect}-1`],
        ["viewed profile", `corr-${dialect}-2`],
        ["added address", `corr-${dialect}-3`],
        ["session ended", `corr-${dialect}-4`],
        ["session started", `corr-${dialect}-5`],
      ]);
      expect(new Set(trail.map((e) => e.customerId))).toEqual(new Set([id]));
      // The customer does not see the log.
      expect((await call("GET", `/usb2c/users/${id}/auditlog`, customer.access_token)).status).toBe(404);
      expect((await call("DELETE", `/usb2c/assistedservicewebservices/sessions/${id}`, agent.access_token)).status).toBe(200);
    });

    it("reach only their own brand's customers", async () => {
      const caAgent = await tokensOf(await signIn("demo.agent@example.com", DEMO_PASSWORD, "cab2c", "agent"));
      const usCustomer = await db()
        .selectFrom("customer")
        .select("id")
        .where("site", "=", "usb2c")
        .where("email", "=", "demo.perks@example.com")
        .executeTakeFirstOrThrow();
      expect((await call("GET", `/cab2c/users/${usCustomer.id}`, caAgent.access_token)).status).toBe(404);
      expect((await call("GET", `/usb2c/users/${usCustomer.id}`, caAgent.access_token)).status).toBe(401);
      expect((await call("POST", "/cab2c/assistedservicewebservices/sessions", caAgent.access_token, { customerId: usCustomer.id })).status).toBe(404);
      // Agents sign in for 8 hours only.
      const refreshRow = await db()
        .selectFrom("refresh_token")
        .select(["issued_at", "expires_at"])
        .where("token_hash", "=", (await import("node:crypto")).createHash("sha256").update(caAgent.refresh_token!).digest("hex"))
        .executeTakeFirstOrThrow();
      expect(Date.parse(refreshRow.expires_at) - Date.parse(refreshRow.issued_at)).toBe(8 * 3600_000);
    });
  });
});

describe("demo accounts", () => {
  it("are seeded on every brand, and a production store refuses to start while they keep the demo password", async () => {
    const database = tempSqlite();
    const production = { NODE_ENV: "production", AUTH_TOKEN_SECRET: "p".repeat(40) };
    const db = openDatabase(testCommerceConfig(database.url));
    try {
      await migrateDatabase(db);
      const seeded = await seedDatabase(db, testCommerceConfig(database.url));
      expect(seeded.demoAccountsAdded).toBe(12);
      // Seeding again adds nothing.
      expect((await seedDatabase(db, testCommerceConfig(database.url))).demoAccountsAdded).toBe(0);
      await expect(refuseDemoPasswords(db, testCommerceConfig(database.url))).resolves.toBeUndefined();
      await expect(refuseDemoPasswords(db, testCommerceConfig(database.url, production))).rejects.toThrow(/demo password.*usb2c:demo\.agent@example\.com/);
      await expect(refuseDemoPasswords(db, testCommerceConfig(database.url, { ...production, ALLOW_DEMO_PASSWORDS: "true" }))).resolves.toBeUndefined();
      await db.updateTable("customer").set({ password_hash: "$argon2id$v=19$m=19456,t=2,p=1$changed" }).execute();
      await expect(refuseDemoPasswords(db, testCommerceConfig(database.url, production))).resolves.toBeUndefined();
    } finally {
      await db.destroy();
      await database.drop();
    }
  });

  it("are not seeded with DEMO_ACCOUNTS=false", async () => {
    const database = tempSqlite();
    const config = testCommerceConfig(database.url, { DEMO_ACCOUNTS: "false" });
    const db = openDatabase(config);
    try {
      await migrateDatabase(db);
      expect((await seedDatabase(db, config)).demoAccountsAdded).toBeUndefined();
      expect(await db.selectFrom("customer").select("id").execute()).toEqual([]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
