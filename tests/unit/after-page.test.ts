import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { afterPageOf } from "../../app/lib/after-page.server";

/** A server whose one page is handled by `page`, asked for once. */
async function onePage(page: (res: http.ServerResponse) => Promise<void> | void): Promise<void> {
  const server = http.createServer((_req, res) => void page(res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    await new Promise<void>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, (res) => {
          res.resume();
          res.on("end", resolve);
        })
        .on("error", reject);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

const settled = () => new Promise((r) => setTimeout(r, 10));
/** Waits (up to two seconds) for `condition`: the server's side of a page closes a moment after the client has read it. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe("work a page leaves for later", () => {
  it("runs once the page's response has closed, not while it is being made", async () => {
    const done: string[] = [];
    await onePage((res) => {
      const afterPage = afterPageOf(res, () => false);
      afterPage(async () => void done.push("first"));
      afterPage(async () => void done.push("second"));
      expect(done).toEqual([]);
      // One listener for the page, however much work it leaves.
      expect(res.listenerCount("close")).toBe(1);
      res.end("page");
    });
    await until(() => done.length === 2);
    expect(done).toEqual(["first", "second"]);
  });

  it("left after the response has closed (a loader still running when the shopper went away), runs all the same", async () => {
    const done: string[] = [];
    await onePage(async (res) => {
      res.end("page");
      await new Promise((r) => res.once("close", r));
      afterPageOf(res, () => false)(async () => void done.push("late"));
    });
    await until(() => done.length === 1);
    expect(done).toEqual(["late"]);
  });

  it("does not start while the process is stopping", async () => {
    const done: string[] = [];
    let stopping = false;
    await onePage((res) => {
      const afterPage = afterPageOf(res, () => stopping);
      afterPage(async () => void done.push("left before the stop"));
      stopping = true;
      afterPage(async () => void done.push("left during the stop"));
      res.end("page");
    });
    await settled();
    expect(done).toEqual([]);
  });
});
