import type { AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll } from "vitest";
import pino from "pino";
import { type CommerceConfig, loadCommerceConfig } from "../../commerce/config";
import type { KyselyPlugin, OperationNode } from "kysely";
import { createShop, type Shop, type ShopOptions } from "../../commerce/domain/shop";
import { createCommerceApi, type Db, migrateDatabase, openDatabase, seedDatabase } from "../../commerce/service";
import { type TestDatabase, tempDatabase } from "./databases";

export const ADMIN_KEY = "test-operator-key-0123456789abcdef";

export interface RunningCommerce {
  baseUrl: string;
  db: Db;
  config: CommerceConfig;
  /** The database as DATABASE_URL names it (a file path for SQLite). */
  databaseUrl: string;
  outbox: string;
  /** Builds what the service builds before a real process takes traffic (listing indexes, search words). */
  warm(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The configuration tests run with: this database, the admin key set, and nothing read from the
 * developer's own environment; `env` adds or overrides variables (the outbox, brand overrides).
 */
export function testCommerceConfig(databaseUrl: string, env: Record<string, string> = {}): CommerceConfig {
  return loadCommerceConfig({ DATABASE_URL: databaseUrl, ADMIN_API_KEY: ADMIN_KEY, ...env });
}

/** The commerce service on a real database and a real port; tests talk to it over HTTP. `env` adds settings (a payment provider, say). */
export async function startCommerce(
  dialect: "sqlite" | "postgres",
  env: Record<string, string> = {},
  /** The clock auto-delivery reads and how often its runner sweeps (tests move their own clock). */
  overrides: Pick<ShopOptions, "clock" | "autoDelivery"> = {},
): Promise<RunningCommerce> {
  const database: TestDatabase = await tempDatabase(dialect);
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-outbox-"));
  const config = testCommerceConfig(database.url, { MAIL_OUTBOX_DIR: outbox, ...env });
  const db = openDatabase(config);
  await migrateDatabase(db);
  await seedDatabase(db, config);
  const app = express();
  const commerce = createCommerceApi(db, config, pino({ level: "silent" }), overrides);
  app.use(commerce);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    config,
    databaseUrl: database.url,
    outbox,
    warm: () => commerce.warm(),
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await commerce.close();
      await db.destroy();
      await database.drop();
      fs.rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/**
 * A commerce service for one describe block (started before its tests, stopped after) and the
 * HTTP calls tests make to it.
 */
export function commerceForSuite(dialect: "sqlite" | "postgres", env: Record<string, string> = {}) {
  let running: RunningCommerce | undefined;
  beforeAll(async () => {
    running = await startCommerce(dialect, env);
  });
  afterAll(async () => {
    await running?.stop();
  });
  const api = () => running!;
  const get = (path: string) => fetch(`${api().baseUrl}${path}`);
  return {
    api,
    get,
    async getJson(path: string) {
      const res = await get(path);
      return { status: res.status, body: (await res.json()) as unknown };
    },
    /** JSON unless the body is already a string, sent as `contentType`. */
    send(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
      return fetch(`${api().baseUrl}${path}`, {
        method,
        headers: { "Content-Type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
  };
}

/**
 * A migrated database with the demo catalog for one describe block (made before its tests,
 * dropped after), for tests that read it directly rather than through the service.
 */
export function seededDatabaseForSuite(dialect: "sqlite" | "postgres"): () => Db {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    database = await tempDatabase(dialect);
    const config = testCommerceConfig(database.url);
    db = openDatabase(config);
    await migrateDatabase(db);
    await seedDatabase(db, config);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return () => db!;
}

/**
 * A shop's services over `db`, as a worker builds them: the test configuration's stores (unless
 * given), a silent log, a mailer that sends nothing (unless given), a catalog change feed that
 * checks once a minute and 100 product families kept.
 */
export function testShop(db: Db, options: Partial<Pick<ShopOptions, "brands" | "mailer">> = {}): Shop {
  return createShop({
    db,
    brands: options.brands ?? testCommerceConfig("unused.sqlite").brands,
    mailer: options.mailer ?? { send: async () => {} },
    logger: pino({ level: "silent" }),
    catalogSyncMs: 60_000,
    memoryBudgetMb: 128,
  });
}

/** The database, counting the statements run through it (those `counts` picks, every one by default). */
export function countingStatements(db: Db, counts: (query: OperationNode) => boolean = () => true): { db: Db; statements: () => number } {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      if (counts(args.node)) statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(counter), statements: () => statements };
}
