import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { loadStorefrontConfig } from "../../app/config.server";
import { openTokens, sealTokens, sessionStorageFor } from "../../app/lib/auth/shopper-session.server";
import { createSignedCookie } from "../../app/lib/auth/signed-cookie.server";
import { ConfigurationError } from "../../lib/environment";

const OLD = "old-session-secret-0123456789abcdefghijkl";
const NEW = "new-session-secret-0123456789abcdefghijkl";

describe("the session secret", () => {
  it("is required in production, and the start-up error names it", () => {
    expect(() => loadStorefrontConfig({ NODE_ENV: "production" })).toThrow(ConfigurationError);
    expect(() => loadStorefrontConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(loadStorefrontConfig({ NODE_ENV: "production", SESSION_SECRET: NEW }).sessionSecrets).toEqual([NEW]);
  });

  it("refuses a short secret", () => {
    expect(() => loadStorefrontConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET.*32 characters/s);
  });

  it("can be rotated: a session signed with the previous secret still reads while the new one signs", async () => {
    const before = sessionStorageFor({ secrets: [OLD], secure: false });
    const session = await before.getSession();
    session.set("sid", "abc");
    const cookie = (await before.commitSession(session)).split(";")[0]!;
    const readBack = async (secrets: string[]) => (await sessionStorageFor({ secrets, secure: false }).getSession(cookie)).get("sid");
    expect(await readBack(loadStorefrontConfig({ SESSION_SECRET: `${NEW},${OLD}` }).sessionSecrets)).toBe("abc");
    // Without the old secret the cookie is worth nothing (a forged or expired-secret cookie alike).
    expect(await readBack([NEW])).toBeUndefined();
  });
});

describe("tokens in the session cookie", () => {
  const who = {
    accessToken: "eyJ.access.token",
    refreshToken: "refresh-value",
    expiresAt: 1,
    clientId: "storefront" as const,
    userId: "u1",
    groups: ["perks"],
    firstName: "Pat",
  };

  it("are sealed: the cookie's content does not show them", () => {
    const sealed = sealTokens(who, [NEW]);
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("refresh-value");
    expect(openTokens(sealed, [NEW])).toEqual(who);
  });

  it("open with a previous secret after a rotation, and not with an unknown one", () => {
    const sealed = sealTokens(who, [OLD]);
    expect(openTokens(sealed, [NEW, OLD])).toEqual(who);
    expect(openTokens(sealed, [NEW])).toBeUndefined();
  });
});

describe("the session cookie's signature", () => {
  const value = { sid: "abc", firstName: "Zoë", notice: "Économisez 5 $ — café" };
  const options = { httpOnly: true, path: "/", sameSite: "lax" as const, secure: true };

  it("is React Router's own cookie format, read both ways, accents included", async () => {
    const theirs = createCookie("SESSION", { ...options, secrets: [NEW] });
    const ours = createSignedCookie("SESSION", { ...options, secrets: [NEW] });
    expect(await ours.serialize(value)).toBe(await theirs.serialize(value));
    expect(await ours.parse((await theirs.serialize(value)).split(";")[0]!)).toEqual(value);
    expect(await theirs.parse((await ours.serialize(value)).split(";")[0]!)).toEqual(value);
  });

  it("reads a value signed with a previous secret, and nothing tampered with or signed elsewhere", async () => {
    const header = (await createSignedCookie("SESSION", { ...options, secrets: [OLD] }).serialize(value)).split(";")[0]!;
    expect(await createSignedCookie("SESSION", { ...options, secrets: [NEW, OLD] }).parse(header)).toEqual(value);
    expect(await createSignedCookie("SESSION", { ...options, secrets: [NEW] }).parse(header)).toBeNull();
    const signature = header.slice(header.lastIndexOf("."));
    const forged = `SESSION=${encodeURIComponent(Buffer.from('{"sid":"someone-else"}').toString("base64"))}${signature}`;
    expect(await createSignedCookie("SESSION", { ...options, secrets: [OLD] }).parse(forged)).toBeNull();
    expect(await createSignedCookie("SESSION", { ...options, secrets: [OLD] }).parse("SESSION=no-signature")).toBeNull();
  });

  it("carries the attributes asked for, and an expiry only when the session asks for one", async () => {
    const cookie = createSignedCookie("SESSION", { ...options, secrets: [NEW] });
    const plain = await cookie.serialize(value);
    expect(plain).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(plain).not.toMatch(/Max-Age|Expires/);
    expect(await cookie.serialize(value, { maxAge: 60 })).toMatch(/Max-Age=60/);
  });
});
