import type { AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import pino from "pino";
import { createDb, type Db, migrateToLatest } from "../../commerce/db/index";
import { seedIfEmpty } from "../../commerce/db/seed/index";
import { createCommerceRouter } from "../../commerce/http/app";
import { createMailer } from "../../commerce/mail";
import { type TestDatabase, tempDatabase } from "./databases";

export const ADMIN_KEY = "test-admin-key";

export interface RunningCommerce {
  baseUrl: string;
  db: Db;
  outbox: string;
  stop(): Promise<void>;
}

/** The commerce service on a real database and a real port; tests talk to it over HTTP. */
export async function startCommerce(dialect: "sqlite" | "postgres"): Promise<RunningCommerce> {
  const database: TestDatabase = await tempDatabase(dialect);
  const db = createDb(database.url);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-outbox-"));
  const app = express();
  app.use(createCommerceRouter({ db, mailer: createMailer({ outboxDir: outbox }), logger: pino({ level: "silent" }), adminKey: ADMIN_KEY }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    outbox,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await db.destroy();
      await database.drop();
      fs.rmSync(outbox, { recursive: true, force: true });
    },
  };
}
