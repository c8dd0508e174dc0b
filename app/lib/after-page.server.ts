import type { ServerResponse } from "node:http";

/**
 * Work a page leaves for later (asking the API again for an answer it used stale) runs once the
 * page's response has closed: sent, or its shopper gone. Work left after that (a loader still
 * running when the shopper went away) runs on the next turn. One listener per page, however much
 * work it leaves. While the process stops (`stopping`), nothing new is started.
 */
export function afterPageOf(res: ServerResponse, stopping: () => boolean): (work: () => Promise<unknown>) => void {
  let left: (() => Promise<unknown>)[] | undefined;
  return (work) => {
    if (stopping()) return;
    if (res.closed || res.destroyed) return void setImmediate(work);
    if (!left) {
      const queue: (() => Promise<unknown>)[] = (left = []);
      res.once("close", () => {
        if (!stopping()) for (const w of queue) void w();
      });
    }
    left.push(work);
  };
}
