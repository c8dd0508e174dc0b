import { describe, expect, it } from "vitest";
import { loadStorefrontConfig } from "../../app/config.server";
import { openTokens, sealTokens, sessionStorageFor } from "../../app/lib/auth/shopper-session.server";
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
