import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { type TestDatabase, tempDatabase } from "./databases";

/** The access-token secret every store these tests start signs with (a guest client's secret derives from it). */
export const STORE_TOKEN_SECRET = "test-token-secret-0123456789abcdefghijklmnop";

export interface RunningStore {
  url: string;
  port: number;
  process: ChildProcess;
  outbox: string;
  databaseUrl: string;
  logs: () => string;
  /**
   * Waits until a log line matching `match` has been written (logs arrive through a pipe), for at
   * most `withinMs` (5 s unless told); with `after`, only among the lines after that many
   * characters of the log (`logs().length` at some moment).
   */
  waitForLog(match: (line: string) => boolean, options?: { withinMs?: number; after?: number }): Promise<string>;
  /**
   * Waits for the store's announcement, made once every worker listens. Each worker warms up first
   * (its searches alone may take 12 s), so the first to listen answers /healthz, and startStore
   * returns, well before the last.
   */
  everyWorkerListening(): Promise<void>;
  stop(): Promise<number | null>;
  /** Kills the whole store at once (SIGKILL to the primary and every worker), as a crash would. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * Starts the built store (build/server.js) as a new user would, on its own database and port, or on
 * `database` (which stopping leaves to the caller, so a store can be started again on it).
 * `npm run build` must have run first (npm test does).
 */
export async function startStore(
  options: {
    dialect?: "sqlite" | "postgres";
    env?: Record<string, string>;
    database?: TestDatabase;
    /** How long it may take to answer /healthz (60 s unless told; stores started together take turns preparing). */
    startWithinMs?: number;
    /** The port to listen on (a free one unless told). */
    port?: number;
  } = {},
): Promise<RunningStore> {
  const database: TestDatabase = options.database ?? (await tempDatabase(options.dialect ?? "sqlite"));
  const port = options.port ?? (await freePort());
  let output = "";
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-outbox-"));
  const child = spawn(process.execPath, [path.resolve("build/server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      LOG_LEVEL: "info",
      MAIL_OUTBOX_DIR: outbox,
      // Production insists on a signing secret and refuses the demo password unless allowed.
      AUTH_TOKEN_SECRET: STORE_TOKEN_SECRET,
      SESSION_SECRET: "test-session-secret-0123456789abcdefghijklmnop",
      ALLOW_DEMO_PASSWORDS: "true",
      // One process that listens once its indexes are built: most tests need neither a cluster nor
      // the page warm-up, whose seconds every start would pay. The tests of either ask for it.
      WEB_CONCURRENCY: "1",
      WARM_UP_SECONDS: "0",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, so kill() reaches the workers too.
    detached: true,
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startWithinMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`store exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`store did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const waitForLog: RunningStore["waitForLog"] = async (match, { withinMs = 5000, after = 0 } = {}) => {
    const until = Date.now() + withinMs;
    for (;;) {
      const line = output.slice(after).split("\n").find(match);
      if (line) return line;
      if (Date.now() > until) throw new Error("log line never came");
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    url,
    port,
    process: child,
    outbox,
    databaseUrl: database.url,
    logs: () => output,
    waitForLog,
    async everyWorkerListening() {
      await waitForLog((line) => line.includes("Brewfront listening on port"), { withinMs: 60_000 });
    },
    async stop() {
      const code =
        child.exitCode ??
        (await new Promise<number | null>((resolve) => {
          child.once("exit", (c) => resolve(c));
          child.kill("SIGTERM");
        }));
      if (!options.database) await database.drop();
      fs.rmSync(outbox, { recursive: true, force: true });
      return code;
    },
    async kill() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGKILL");
      await exited;
    },
  };
}

/** GET with a Host header (fetch cannot set Host, so this uses node:http). */
export async function getWithHost(base: string, pathname: string, host: string, headers: Record<string, string> = {}) {
  const { request } = await import("node:http");
  const target = new URL(pathname, base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(
      { hostname: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: "GET", headers: { ...headers, Host: host } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** A form POST from the store's own pages (the Origin check wants it), without following redirects. */
export function postForm(store: RunningStore, path: string, fields: Record<string, string>, cookie = ""): Promise<Response> {
  return fetch(`${store.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: store.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The Cookie header a browser would send back after this response. */
export function cookiesFrom(res: Response, earlier = ""): string {
  const jar = new Map(earlier ? earlier.split("; ").map((c) => c.split(/=(.*)/s).slice(0, 2) as [string, string]) : []);
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, value = ""] = pair!.split(/=(.*)/s);
    if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
