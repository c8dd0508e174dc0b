import fs from "node:fs";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProductSchema } from "../../commerce/contract/product";
import { SearchPageSchema } from "../../commerce/contract/search";
import { type Db, openDatabase } from "../../commerce/service";
import { ADMIN_KEY, commerceForSuite, testCommerceConfig } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { confirmationToken } from "../support/mail";
import { type RunningStore, startStore } from "../support/server";

// Eight accessories that each have one variant, so a listing is in stock exactly when its product is.
const PRODUCTS = Array.from({ length: 8 }, (_, i) => `900${i + 1}-BFAC-ACC-1`);
const SHOPPERS_PER_PRODUCT = 3;
// Each writer keeps writing for at least this long and at least this many times, whichever ends
// later, so a slow machine gets as many writes per writer as a fast one; the deadline bounds it.
const WRITING_MS = 3000;
const MIN_WRITES = 5;
const WRITING_DEADLINE_MS = 30_000;

interface WriterOutcome {
  code: string;
  acknowledged: number[];
  unavailable: number;
  failures: string[];
  /** How long each write took to be answered, in ms. */
  took: number[];
}

/**
 * Several worker processes, eight operators updating stock at once, shoppers waiting on every
 * product: every answer is a success or a clean 503, nothing is half-applied, listings follow
 * stock, and each waiting shopper gets exactly one mail.
 */
describe.each(DIALECTS)("concurrent stock updates on %s with several workers", (dialect) => {
  let store: RunningStore;
  let db: Db;
  const shoppers = (code: string) => Array.from({ length: SHOPPERS_PER_PRODUCT }, (_, i) => `waiting-${i}-${code.toLowerCase()}@example.com`);
  const put = (code: string, level: number) =>
    fetch(`${store.url}/rest/v2/usb2c/stock/${code}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", "X-Admin-Key": ADMIN_KEY },
      body: JSON.stringify({ level }),
    });

  beforeAll(async () => {
    store = await startStore({ dialect, env: { ADMIN_API_KEY: ADMIN_KEY, WEB_CONCURRENCY: "2", LOG_LEVEL: "warn" } });
    db = openDatabase(testCommerceConfig(store.databaseUrl));
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await store?.stop();
  });

  it("answers every write, applies each completely, and mails every waiting shopper once", { timeout: 90_000 }, async () => {
    // Sold out, with shoppers waiting; one of them asked from the base product's page.
    for (const code of PRODUCTS) {
      expect((await put(code, 0)).status).toBe(200);
      for (const [i, email] of shoppers(code).entries()) {
        const productCode = i === 0 ? code.replace(/-ACC-1$/, "") : code;
        const res = await fetch(`${store.url}/rest/v2/usb2c/alert/alertMe`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ productCode, email }),
        });
        expect(res.status, await res.text()).toBe(202);
        // Only confirmed alerts are answered: each shopper follows the link mailed to them.
        const confirmed = await fetch(`${store.url}/rest/v2/usb2c/alert/confirm`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ token: confirmationToken(store.outbox, email) }),
        });
        expect(confirmed.status, await confirmed.text()).toBe(200);
      }
    }

    const started = Date.now();
    const until = started + WRITING_MS;
    const deadline = started + WRITING_DEADLINE_MS;
    const outcomes = await Promise.all(
      PRODUCTS.map(async (code, writer): Promise<WriterOutcome> => {
        const outcome: WriterOutcome = { code, acknowledged: [], unavailable: 0, failures: [], took: [] };
        for (let n = 0; (n < MIN_WRITES || Date.now() < until) && Date.now() < deadline; n++) {
          const level = n % 2 === 0 ? 1 + ((n + writer) % 40) : 0;
          const sent = Date.now();
          const res = await put(code, level);
          outcome.took.push(Date.now() - sent);
          if (res.status === 200) outcome.acknowledged.push(((await res.json()) as { level: number }).level);
          else if (res.status === 503 && res.headers.get("retry-after")) {
            outcome.unavailable++;
            await res.body?.cancel();
          } else outcome.failures.push(`${res.status} ${await res.text()}`);
        }
        return outcome;
      }),
    );

    const elapsed = Date.now() - started;
    const acknowledged = outcomes.reduce((sum, o) => sum + o.acknowledged.length, 0);
    const unavailable = outcomes.reduce((sum, o) => sum + o.unavailable, 0);
    const took = outcomes.flatMap((o) => o.took).sort((a, b) => a - b);
    const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))];
    console.info(
      `${dialect}: ${acknowledged} stock updates acknowledged, ${unavailable} answered 503, in ${elapsed} ms by ${PRODUCTS.length} writers ` +
        `(${Math.round((acknowledged * 1000) / elapsed)}/s; each write p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms)`,
    );
    expect(outcomes.flatMap((o) => o.failures)).toEqual([]);
    // Every writer had its writes answered before the deadline, and more than one of them applied.
    for (const o of outcomes) expect(o.acknowledged.length + o.unavailable, o.code).toBeGreaterThanOrEqual(MIN_WRITES);
    for (const o of outcomes) expect(o.acknowledged.length, o.code).toBeGreaterThan(1);

    // Each product holds the last level its writer was told was saved.
    const stock = await db.selectFrom("stock").select(["product_code", "level"]).where("product_code", "in", PRODUCTS).execute();
    for (const o of outcomes) expect(stock.find((s) => s.product_code === o.code)?.level, o.code).toBe(o.acknowledged.at(-1));

    // The API shows it, and listings agree, in whichever worker answers once it has followed the
    // change log (within CATALOG_SYNC_MS, 250 ms by default).
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < 4; i++) {
      for (const o of outcomes) {
        const product = ProductSchema.parse(await (await fetch(`${store.url}/rest/v2/usb2c/products/${o.code}?fields=FULL`)).json());
        expect(product.stock.stockLevel, o.code).toBe(o.acknowledged.at(-1));
      }
      const page = SearchPageSchema.parse(
        await (await fetch(`${store.url}/rest/v2/usb2c/c/accessories/categoryData?query=:relevance:availability:inStock&pageSize=48`)).json(),
      );
      const listed = new Set(page.products.map((p) => p.code));
      for (const o of outcomes) expect(listed.has(o.code.replace(/-ACC-1$/, "")), o.code).toBe(o.acknowledged.at(-1)! > 0);
    }

    // Every waiting shopper is mailed exactly once, once the delivery loops have drained the outbox.
    const everyone = PRODUCTS.flatMap(shoppers);
    const drained = Date.now() + 15_000;
    for (;;) {
      const unsent = await db.selectFrom("outbox_message").select("id").where("sent_at", "is", null).execute();
      const mailed = new Set((await db.selectFrom("outbox_message").select("recipient").where("kind", "=", "back-in-stock").execute()).map((r) => r.recipient));
      if ((unsent.length === 0 && everyone.every((e) => mailed.has(e))) || Date.now() > drained) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const files = fs.readdirSync(store.outbox).map((f) => fs.readFileSync(`${store.outbox}/${f}`, "utf8"));
    for (const email of everyone) {
      expect(files.filter((m) => m.includes(`To: ${email}`) && m.includes("Subject: Back in stock")).length, email).toBe(1);
    }
    const rows = await db.selectFrom("outbox_message").select(["recipient", "sent_at", "kind"]).execute();
    expect(rows.filter((r) => r.sent_at === null)).toEqual([]);
    expect(
      rows
        .filter((r) => r.kind === "back-in-stock")
        .map((r) => r.recipient)
        .sort(),
    ).toEqual([...everyone].sort());
  });
});

/** SQLite has one writer at a time; a write that cannot get it in time must change nothing and say "try again". */
describe("a stock update while another process holds SQLite's write lock", () => {
  const suite = commerceForSuite("sqlite");
  const code = "9010-BFAC-ACC-1";

  it("answers 503 with Retry-After, applies nothing, and keeps the process answering other requests meanwhile", { timeout: 20_000 }, async () => {
    const before = ProductSchema.parse((await suite.getJson(`/rest/v2/usb2c/products/${code}`)).body).stock.stockLevel;
    const other = new SQLite(suite.api().databaseUrl);
    other.exec("begin immediate");
    try {
      const started = Date.now();
      const write = suite.send("PUT", `/rest/v2/usb2c/stock/${code}`, { level: before + 7 }, { "X-Admin-Key": ADMIN_KEY });
      // While the write waits for the lock, reads on the same process are not held up.
      await new Promise((r) => setTimeout(r, 300));
      const readStarted = Date.now();
      expect((await suite.get(`/rest/v2/usb2c/products/${code}`)).status).toBe(200);
      expect(Date.now() - readStarted).toBeLessThan(500);
      const res = await write;
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(((await res.json()) as { errors: { type: string }[] }).errors[0]!.type).toBe("ServiceUnavailableError");
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      other.exec("rollback");
      other.close();
    }
    expect(ProductSchema.parse((await suite.getJson(`/rest/v2/usb2c/products/${code}`)).body).stock.stockLevel).toBe(before);
    // With the lock free again, the same update goes through.
    const retry = await suite.send("PUT", `/rest/v2/usb2c/stock/${code}`, { level: before + 7 }, { "X-Admin-Key": ADMIN_KEY });
    expect(retry.status).toBe(200);
  });
});
