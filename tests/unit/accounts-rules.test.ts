import { describe, expect, it } from "vitest";
import { AddressInputSchema, addressProblem, normalPostalCode } from "../../commerce/contract/address";
import { PasswordSchema } from "../../commerce/contract/auth";
import { ConfigurationError } from "../../lib/environment";
import { loadCommerceConfig } from "../../commerce/config";
import { customerCookies, groupsOf } from "../../commerce/domain/account-rules";
import { ARGON2_OPTIONS, hashPassword, passwordMatches } from "../../commerce/domain/passwords";
import { AccessTokens, REFRESH_GRACE_MS, isPast, refreshTokenValue, refreshVerdict } from "../../commerce/domain/tokens";

describe("address rules", () => {
  it("accept a US state with a 5- or 9-digit ZIP", () => {
    expect(addressProblem("US", "NY", "12207")).toBeNull();
    expect(addressProblem("US", "ca", "94105-1234")).toBeNull();
    expect(addressProblem("US", "CA", "941051234")).toBeNull();
  });

  it("name the field that is wrong", () => {
    expect(addressProblem("US", "ZZ", "12207")?.field).toBe("region");
    expect(addressProblem("US", "ON", "12207")?.field).toBe("region");
    expect(addressProblem("US", "NY", "1220")?.field).toBe("postalCode");
    expect(addressProblem("US", "NY", "K1A 0B1")?.field).toBe("postalCode");
    expect(addressProblem("CA", "NY", "K1A 0B1")?.field).toBe("region");
    expect(addressProblem("CA", "ON", "12207")?.field).toBe("postalCode");
  });

  it("want a Canadian postal code's first letter to match its province", () => {
    expect(addressProblem("CA", "ON", "K1A 0B1")).toBeNull();
    expect(addressProblem("CA", "QC", "H2X1Y4")).toBeNull();
    expect(addressProblem("CA", "BC", "v5k 0a1")).toBeNull();
    expect(addressProblem("CA", "ON", "V5K 0A1")).toEqual({ field: "postalCode", message: expect.stringContaining("ON") });
    expect(addressProblem("CA", "NU", "X0A 0H0")).toBeNull();
    // D, F, I, O, Q, U never appear; W and Z never lead.
    expect(addressProblem("CA", "ON", "KOA 0B1")?.field).toBe("postalCode");
  });

  it("are part of the contract's schema, with the field as the issue's path", () => {
    const base = { firstName: "A", lastName: "B", line1: "1 Main", town: "T", country: "CA", region: "AB", postalCode: "K1A 0B1" };
    const parsed = AddressInputSchema.safeParse(base);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["postalCode"]);
    expect(AddressInputSchema.safeParse({ ...base, postalCode: "T2P 1J9" }).success).toBe(true);
  });

  it("store postal codes the way the post office writes them", () => {
    expect(normalPostalCode("CA", "k1a0b1")).toBe("K1A 0B1");
    expect(normalPostalCode("US", " 12207 ")).toBe("12207");
  });
});

describe("refresh tokens", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const future = new Date(now.getTime() + 3600_000).toISOString();

  it("derive the same value from the same id and secret, and different values otherwise", () => {
    expect(refreshTokenValue("secret-a", "id-1")).toBe(refreshTokenValue("secret-a", "id-1"));
    expect(refreshTokenValue("secret-a", "id-1")).not.toBe(refreshTokenValue("secret-a", "id-2"));
    expect(refreshTokenValue("secret-a", "id-1")).not.toBe(refreshTokenValue("secret-b", "id-1"));
    expect(refreshTokenValue("secret-a", "id-1")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("rotate when unused, answer the successor within the grace window, and count a later reuse as theft", () => {
    expect(refreshVerdict({ expiresAt: future, rotatedAt: null }, false, now)).toBe("rotate");
    expect(refreshVerdict({ expiresAt: future, rotatedAt: at(0) }, false, now)).toBe("answer-successor");
    expect(refreshVerdict({ expiresAt: future, rotatedAt: at(REFRESH_GRACE_MS) }, false, now)).toBe("answer-successor");
    expect(refreshVerdict({ expiresAt: future, rotatedAt: at(REFRESH_GRACE_MS + 1) }, false, now)).toBe("stolen");
  });

  it("refuse expired tokens and tokens of an ended family", () => {
    expect(refreshVerdict({ expiresAt: at(1), rotatedAt: null }, false, now)).toBe("expired");
    expect(refreshVerdict({ expiresAt: now.toISOString(), rotatedAt: null }, false, now)).toBe("expired");
    expect(refreshVerdict({ expiresAt: future, rotatedAt: null }, true, now)).toBe("ended");
    expect(isPast(at(-1), now)).toBe(false);
  });
});

describe("access tokens", () => {
  const claims = { sub: "c1", site: "usb2c" as const, role: "customer" as const, groups: ["perks"], employee: false, fam: "f1" };

  it("verify with the current or a previous secret, and not after expiry", async () => {
    const old = new AccessTokens("old-secret-0123456789abcdef0123456789");
    const current = new AccessTokens("new-secret-0123456789abcdef0123456789", ["old-secret-0123456789abcdef0123456789"]);
    expect(await current.verify(await old.sign(claims, 60))).toMatchObject(claims);
    expect(await old.verify(await current.sign(claims, 60))).toBeNull();
    expect(await current.verify(await current.sign(claims, 60, new Date(Date.now() - 120_000)))).toBeNull();
    expect(await current.verify("a.b.c")).toBeNull();
  });
});

describe("customers", () => {
  const row = {
    id: "c1",
    site: "cab2c",
    email: "e@example.com",
    password_hash: "",
    first_name: "E",
    last_name: "M",
    phone: "",
    role: "customer" as const,
    is_employee: 1,
    perks_member: 0,
    price_group: "employee",
    user_group: "",
    status: "active" as const,
    created_at: "",
  };

  it("carry their groups (empty ones left out) and the storefront's cookies", () => {
    expect(groupsOf(row)).toEqual(["employee"]);
    expect(customerCookies(row)).toEqual([
      { key: "priceSegment", value: "employee" },
      { key: "customer.cab2c.priceGroup", value: "employee" },
      { key: "customer.cab2c.userGroup", value: "" },
      { key: "isCab2cEmployee", value: "true" },
      { key: "isPerksOptIn", value: "false" },
    ]);
  });

  it("choose passwords of 8 to 128 characters, hashed with argon2id at OWASP's cost", async () => {
    expect(PasswordSchema.safeParse("1234567").success).toBe(false);
    expect(PasswordSchema.safeParse("12345678").success).toBe(true);
    expect(PasswordSchema.safeParse("x".repeat(129)).success).toBe(false);
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}\\$`));
    expect(await passwordMatches(hash, "correct horse")).toBe(true);
    expect(await passwordMatches(hash, "wrong horse")).toBe(false);
    expect(await passwordMatches("not a hash", "x")).toBe(false);
  });
});

describe("the token secret", () => {
  it("is required in production and derived elsewhere", () => {
    expect(() => loadCommerceConfig({ NODE_ENV: "production" })).toThrow(ConfigurationError);
    expect(() => loadCommerceConfig({ NODE_ENV: "production", AUTH_TOKEN_SECRET: "short" })).toThrow(/AUTH_TOKEN_SECRET/);
    const secret = "s".repeat(32);
    expect(loadCommerceConfig({ NODE_ENV: "production", AUTH_TOKEN_SECRET: secret }).auth.tokenSecret).toBe(secret);
    const a = loadCommerceConfig({ DATABASE_URL: "a.sqlite" }).auth;
    const b = loadCommerceConfig({ DATABASE_URL: "b.sqlite" }).auth;
    expect(a.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.tokenSecret).not.toBe(b.tokenSecret);
    expect(a.guestClient.secret).not.toBe(b.guestClient.secret);
  });
});
