import http from "node:http";
import type { AddressInfo } from "node:net";

export interface WarmUpOptions {
  /** Each store's www host (the store is told apart by its Host header). */
  hosts: readonly string[];
  /**
   * How many times the first store's pages are asked for at most: the first answers fill the
   * caches, the later ones compile the code every store shares.
   */
  rounds: number;
  /** No further round starts after this long: a start-up must not wait on a slow machine. */
  budgetMs: number;
}

/** One GET with a Host header (fetch cannot set Host); answers the body, or "" when it failed. */
function get(base: string, host: string, path: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get(`${base}${path}`, { headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve(body));
      res.on("error", () => resolve(body));
    });
    req.on("error", () => resolve(""));
  });
}

/**
 * Asks the store's own request handler, on a private loopback listener, for the pages shoppers
 * open first (home, a category, a product, searches, the cart) of the first store and the home
 * page of the others, then the first store's pages a few more times, before the process takes
 * traffic. The first requests of a fresh process compile the
 * render and loader code and fill the per-process caches (header, footer, site configuration,
 * product families); without this a shopper pays for that, several times a warm request.
 * Failures do not matter here: a page that fails would fail for a shopper too, and is logged then.
 */
export async function warmUpStorefront(handler: http.RequestListener, options: WarmUpOptions): Promise<{ requests: number; ms: number }> {
  const started = performance.now();
  const server = http.createServer(handler);
  // exclusive: in a cluster, workers listening on port 0 would otherwise share one port that the
  // primary hands out in turn, and a worker's warm-up requests would warm the other workers.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let requests = 0;
  const visit = (host: string, path: string) => {
    requests++;
    return get(base, host, path);
  };
  try {
    let first: string[] = [];
    for (const [n, host] of options.hosts.entries()) {
      // The store's own links say which category and product pages it has.
      const home = await visit(host, "/");
      if (n > 0) continue;
      const category = /href="(\/c\/[^"?#]+)"/.exec(home)?.[1];
      const product = /href="(\/[^"?#]*\/p\/[^"?#]+)"/.exec(home)?.[1];
      first = ["/", category, product, "/search?q=coffee", "/search?q=roast%20blend", "/cart"].filter((p): p is string => !!p);
      for (const path of first.slice(1)) await visit(host, path);
    }
    for (let round = 1; round < options.rounds && performance.now() - started < options.budgetMs; round++) {
      for (const path of first) await visit(options.hosts[0]!, path);
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { requests, ms: Math.round(performance.now() - started) };
}
