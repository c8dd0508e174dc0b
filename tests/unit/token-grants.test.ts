import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimits } from "../../lib/rate-limit";
import { TokenGrants } from "../../commerce/domain/token-grants";
import { AccessTokens } from "../../commerce/domain/tokens";
import { type Db, migrateDatabase, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { type TestDatabase, tempSqlite } from "../support/databases";

const guestClient = { id: "storefront-guest", secret: "guest-secret" };
const matches = (presented: string, expected: string) => presented === expected;

describe("token lifetimes from the brand's site configuration", () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = tempSqlite();
    db = openDatabase(testCommerceConfig(database.url));
    await migrateDatabase(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const grants = (clock?: { now(): number }) =>
    new TokenGrants({
      db,
      tokens: new AccessTokens("a-secret-of-at-least-32-characters!!"),
      refreshSecret: "refresh",
      guestClient,
      limits: RateLimits.create(),
      clock,
    });
  const guestTokenLifetime = async (tokens: TokenGrants, site: "usb2c" | "cab2c") =>
    (await tokens.guestToken({ grant_type: "client_credentials", client_id: guestClient.id, client_secret: guestClient.secret, site }, matches)).expires_in;
  const setAccessLifetime = async (site: string, seconds: string) => {
    await db.deleteFrom("site_config").where("site", "=", site).where("config_key", "=", "tokenRotation.expirySeconds").execute();
    await db.insertInto("site_config").values({ site, config_key: "tokenRotation.expirySeconds", value: seconds }).execute();
  };

  it("gives access tokens the brand's lifetime, and the default where the brand sets none or nonsense", async () => {
    await setAccessLifetime("usb2c", "900");
    await setAccessLifetime("cab2c", "-5");
    const tokens = grants();
    expect(await guestTokenLifetime(tokens, "usb2c")).toBe(900);
    expect(await guestTokenLifetime(tokens, "cab2c")).toBe(1800);
  });

  it("reads a changed lifetime again after a minute, not on every token", async () => {
    let now = 1;
    // lru-cache reuses a clock reading until a 1 ms timer clears it: let that timer run after each move.
    const later = async (ms: number) => {
      now += ms;
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await setAccessLifetime("usb2c", "900");
    const tokens = grants({ now: () => now });
    expect(await guestTokenLifetime(tokens, "usb2c")).toBe(900);
    await setAccessLifetime("usb2c", "600");
    await later(59_000);
    expect(await guestTokenLifetime(tokens, "usb2c")).toBe(900);
    await later(2_000);
    expect(await guestTokenLifetime(tokens, "usb2c")).toBe(600);
  });
});
