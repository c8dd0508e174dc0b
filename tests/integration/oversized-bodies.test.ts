import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { type RunningStore, startStore } from "../support/server";

/**
 * A body over the limit is refused before it is read: a Content-Length of 100 MB gets its 413
 * while the body has not been sent, and a chunked body that never ends is cut once it passes the
 * limit. The API answers in its JSON error shape, the storefront's forms with a page.
 */
const HUNDRED_MB = 100 * 1024 * 1024;
/** Long enough for any answer given before the body; far too short to read 100 MB. */
const ANSWER_WITHIN_MS = 3_000;

interface Outcome {
  status: number;
  text: string;
  /** Whether the store closed the connection (with or without a reset) within the wait. */
  closed: boolean;
  /** Bytes of body the client had handed to its socket when the connection closed. */
  sent: number;
}

/**
 * Sends the request's head, then either nothing more (a declared Content-Length) or chunks as fast
 * as the socket takes them, without end, until the store answers (as a client reading the answer
 * would); answers what the store said and whether it hung up.
 */
function oversized(port: number, head: string, body: "none" | "endless chunks"): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    let text = "";
    let sent = 0;
    let settled = false;
    const settle = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, closed, sent });
    };
    const timer = setTimeout(() => settle(false), ANSWER_WITHIN_MS);
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => settle(true));
    socket.write(head);
    if (body === "none") return;
    const chunk = `10000\r\n${"a".repeat(0x10000)}\r\n`;
    // One chunk per turn of the event loop, so the answer is read as soon as it arrives.
    const pump = () => {
      if (socket.destroyed || settled || text.length > 0) return;
      sent += 0x10000;
      if (socket.write(chunk)) setImmediate(pump);
      else socket.once("drain", pump);
    };
    pump();
  });
}

describe.each(DIALECTS)("request bodies over the limit (%s)", (dialect) => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore({ dialect, env: { LOG_LEVEL: "warn" } });
  }, 90_000);
  afterAll(async () => {
    await store?.stop();
  });

  const head = (path: string, contentType: string, length: "declared" | "chunked") =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${store.port}\r\nOrigin: ${store.url}\r\nContent-Type: ${contentType}\r\n` +
    (length === "declared" ? `Content-Length: ${HUNDRED_MB}\r\n\r\n` : "Transfer-Encoding: chunked\r\n\r\n");
  const jsonErrors = (text: string) => JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) as { errors: { type: string; message: string }[] };

  it("answers the API's 100 MB Content-Length with 413 before the body is sent, in the API's error shape", async () => {
    const answer = await oversized(store.port, head("/rest/v2/usb2c/users", "application/json", "declared"), "none");
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
    expect(jsonErrors(answer.text).errors[0]).toMatchObject({ type: "PayloadTooLargeError", message: expect.stringContaining("100 kB") });
  });

  it("cuts an endless chunked body to the API once it passes the limit", async () => {
    const answer = await oversized(store.port, head("/rest/v2/usb2c/users", "application/json", "chunked"), "endless chunks");
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
    expect(answer.sent).toBeLessThan(HUNDRED_MB / 4);
    expect(jsonErrors(answer.text).errors[0]!.type).toBe("PayloadTooLargeError");
  });

  it("refuses the token endpoint's oversized bodies the same way", async () => {
    const form = "application/x-www-form-urlencoded";
    const declared = await oversized(store.port, head("/authorizationserver/oauth/token", form, "declared"), "none");
    expect([declared.status, declared.closed]).toEqual([413, true]);
    const chunked = await oversized(store.port, head("/authorizationserver/oauth/token", form, "chunked"), "endless chunks");
    expect([chunked.status, chunked.closed]).toEqual([413, true]);
  });

  it("answers a storefront form's 100 MB Content-Length with 413 at once, and cuts an endless chunked one", async () => {
    const form = "application/x-www-form-urlencoded";
    const declared = await oversized(store.port, head("/newsletter", form, "declared"), "none");
    expect([declared.status, declared.closed]).toEqual([413, true]);
    const chunked = await oversized(store.port, head("/newsletter", form, "chunked"), "endless chunks");
    expect([chunked.status, chunked.closed]).toEqual([413, true]);
    expect(chunked.sent).toBeLessThan(HUNDRED_MB / 4);
  });

  it("still reads a body within the limit, chunked or not", async () => {
    const signUp = JSON.stringify({ email: "kept@example.com" });
    const res = await fetch(`${store.url}/rest/v2/usb2c/kpcEmailSignup`, { method: "POST", headers: { "Content-Type": "application/json" }, body: signUp });
    expect(res.status).toBe(202);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ email: "chunked@example.com" })));
        controller.close();
      },
    });
    const chunked = await fetch(`${store.url}/rest/v2/usb2c/kpcEmailSignup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(202);
  });
});
