import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** One item of an envelope: its header and its payload, read as JSON when it is JSON. */
export interface EnvelopeItem {
  header: { type?: string; length?: number; [key: string]: unknown };
  payload: unknown;
}

export interface ReceivedEnvelope {
  projectId: string;
  /** The key the SDK sent (X-Sentry-Auth header, or ?sentry_key= from a browser). */
  publicKey: string | undefined;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The envelope as it arrived, unzipped: what a test searches for text that must not leave. */
  raw: string;
}

/** A reported error, as the monitoring service would store it. */
export interface ReceivedEvent {
  event_id?: string;
  message?: string;
  tags?: Record<string, string>;
  exception?: { values?: { type?: string; value?: string }[] };
  [key: string]: unknown;
}

/**
 * Sentry's envelope format: a header line, then for each item a header line and a payload of the
 * header's `length` in bytes, or up to the next newline without one.
 */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let at = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, at);
    const chunk = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return chunk;
  };
  const header = JSON.parse(line().toString("utf8")) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (at < body.length) {
    const headerLine = line().toString("utf8").trim();
    if (!headerLine) continue;
    const itemHeader = JSON.parse(headerLine) as EnvelopeItem["header"];
    let payload: Buffer;
    if (typeof itemHeader.length === "number") {
      payload = body.subarray(at, at + itemHeader.length);
      at += itemHeader.length;
      if (body[at] === 0x0a) at++;
    } else {
      payload = line();
    }
    const text = payload.toString("utf8");
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // An attachment or other non-JSON payload is kept as text.
    }
    items.push({ header: itemHeader, payload: parsed });
  }
  return { header, items };
}

export interface MonitoringStandIn {
  /** The DSN that points an SDK here. */
  dsn: string;
  origin: string;
  envelopes: ReceivedEnvelope[];
  events(): ReceivedEvent[];
  /** Waits for the first event `match` accepts, for at most `withinMs` (15 s unless told). */
  waitForEvent(match: (event: ReceivedEvent) => boolean, withinMs?: number): Promise<ReceivedEvent>;
  close(): Promise<void>;
}

/**
 * A local stand-in for an error-monitoring service that speaks Sentry's protocol: it takes
 * envelopes at POST /api/{projectId}/envelope/ (gzip'd or not, from a server SDK or a browser's,
 * which needs CORS) and keeps them for a test to read. One process, in memory.
 */
export async function startMonitoringStandIn(port = 0): Promise<MonitoringStandIn> {
  const envelopes: ReceivedEnvelope[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    // Whatever headers the page's requests carry (a test's X-Forwarded-For among them), as a service would allow.
    res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "content-type");
    if (req.method === "OPTIONS") return res.writeHead(204).end();
    const url = new URL(req.url ?? "/", "http://stand-in");
    const route = /^\/api\/(\d+)\/envelope\/?$/.exec(url.pathname);
    if (req.method !== "POST" || !route) return res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        let body = Buffer.concat(chunks);
        if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
        const auth = /sentry_key=([^,\s&]+)/.exec(`${req.headers["x-sentry-auth"] ?? ""} ${url.search}`);
        envelopes.push({ projectId: route[1]!, publicKey: auth?.[1], ...parseEnvelope(body), raw: body.toString("utf8") });
        res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      } catch (err) {
        res.writeHead(400, { "Content-Type": "text/plain" }).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${listening}`;
  const events = () => envelopes.flatMap((e) => e.items.filter((item) => item.header.type === "event").map((item) => item.payload as ReceivedEvent));
  return {
    dsn: `http://standinpublickey@127.0.0.1:${listening}/1`,
    origin,
    envelopes,
    events,
    async waitForEvent(match, withinMs = 15_000) {
      const until = Date.now() + withinMs;
      for (;;) {
        const found = events().find(match);
        if (found) return found;
        if (Date.now() > until)
          throw new Error(`no such event; received: ${JSON.stringify(events().map((e) => e.exception?.values?.[0]?.value ?? e.message))}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The raw text of every envelope that carried `event`, for searching what must not have left. */
export function envelopeTextOf(standIn: MonitoringStandIn, event: ReceivedEvent): string {
  return standIn.envelopes
    .filter((e) => e.items.some((item) => item.payload === event))
    .map((e) => e.raw)
    .join("\n");
}
