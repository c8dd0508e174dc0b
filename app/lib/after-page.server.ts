import type { ServerResponse } from "node:http";

/** Hands work a page does not wait for to whoever runs it after the page (server.ts: `afterPageOf`). */
export type AfterPage = (work: () => Promise<unknown>) => void;

/**
 * Work a page leaves for later (asking the API again for an answer it used stale) runs once the
 * page's response has closed: sent, or its shopper gone. Work left after that (a loader still
 * running when the shopper went away) runs on the next turn. One listener per page, however much
 * work it leaves. While the process stops (`stopping`), nothing new is started.
 */
export function afterPageOf(res: ServerResponse, stopping: () => boolean): AfterPage {
  const left: (() => Promise<unknown>)[] = [];
  return (work) => {
    if (stopping()) return;
    if (res.closed || res.destroyed) return void setImmediate(work);
    if (left.length === 0) {
      res.once("close", () => {
        if (!stopping()) for (const w of left) void w();
      });
    }
    left.push(work);
  };
}
