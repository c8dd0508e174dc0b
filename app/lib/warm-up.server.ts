import http from "node:http";
import type { AddressInfo } from "node:net";

export interface WarmUpOptions {
  /** Each store's www host (the store is told apart by its Host header). */
  hosts: readonly string[];
  /** How many times each page is asked for at most: the first answers compile the code that serves them. */
  rounds: number;
  /** Stop after this long whatever the rounds: a start-up must not wait on a slow machine. */
  budgetMs: number;
}

/**
 * Asks the store's own request handler, on a private loopback listener, for the pages shoppers
 * open first (home, a category, a product, a search, the cart; of every store), a few rounds
 * each, before the process takes traffic. The first requests of a fresh process compile the
 * render and loader code and fill the per-process caches (header, footer, site configuration,
 * product families); without this a shopper pays for that, several times a warm request.
 * Failures do not matter here: a page that fails would fail for a shopper too, and is logged then.
 */
export async function warmUpStorefront(handler: http.RequestListener, options: WarmUpOptions): Promise<{ requests: number; ms: number }> {
  const started = performance.now();
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let requests = 0;
  const get = async (host: string, path: string): Promise<string> => {
    requests++;
    try {
      const res = await fetch(base + path, { headers: { host, correlationID: "warm-up" }, redirect: "manual" });
      return await res.text();
    } catch {
      return "";
    }
  };
  try {
    const pages = new Map<string, string[]>();
    for (const host of options.hosts) {
      // The store's own links say which category and product pages it has.
      const home = await get(host, "/");
      const category = /href="(\/c\/[^"?#]+)"/.exec(home)?.[1];
      const product = /href="(\/[^"?#]*\/p\/[^"?#]+)"/.exec(home)?.[1];
      pages.set(
        host,
        ["/", category, product, "/search?q=coffee", "/search?q=warm%20up%20words", "/cart"].filter((p): p is string => !!p),
      );
    }
    for (let round = 0; round < options.rounds && performance.now() - started < options.budgetMs; round++) {
      for (const [host, paths] of pages) for (const path of paths) await get(host, path);
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { requests, ms: Math.round(performance.now() - started) };
}
