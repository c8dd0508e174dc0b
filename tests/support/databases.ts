import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const ADMIN_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase {
  dialect: "sqlite" | "postgres";
  url: string;
  drop(): Promise<void>;
}

export function tempSqlite(): TestDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-"));
  const url = path.join(dir, "test.sqlite");
  return { dialect: "sqlite", url, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * PostgreSQL is part of the suite. In CI it must answer; on a developer machine without it the
 * PostgreSQL half is reported as skipped, loudly, rather than failing the whole run.
 */
export const postgresAvailable = await postgresAnswers();
if (!postgresAvailable) {
  const message = `PostgreSQL at ${ADMIN_POSTGRES_URL} does not answer`;
  if (process.env.CI) throw new Error(`${message}; CI runs the integration suite on PostgreSQL too.`);
  console.warn(`\n*** ${message}: PostgreSQL integration tests are skipped on this machine. ***\n`);
}

/** Each run creates its own database and drops it afterwards: the server keeps what runs leave. */
export async function tempPostgres(): Promise<TestDatabase> {
  const name = `brewfront_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    dialect: "postgres",
    url: url.toString(),
    drop: async () => {
      // Closed pools may still be hanging up; dropping WITH (FORCE) at that moment makes their
      // connections fail loudly. Wait for them to go, and force only as a last resort.
      const c = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
      await c.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          const { rows } = await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
          if (rows[0].n === 0 || attempt >= 50) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export const DIALECTS = postgresAvailable ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

export function tempDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  return dialect === "sqlite" ? Promise.resolve(tempSqlite()) : tempPostgres();
}
