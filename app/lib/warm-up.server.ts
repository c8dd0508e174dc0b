import http from "node:http";
import type { AddressInfo } from "node:net";
import { searchPath } from "./paths";

export interface WarmUpOptions {
  /** Each store's www host (the store is told apart by its Host header). */
  hosts: readonly string[];
  /** How many times each store's main pages are asked for at most. */
  rounds: number;
  /** No further round starts this long after the warm-up began: a start-up must not wait on a slow machine. 0: no warm-up. */
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
 * Asks the store's own request handler, on a private loopback listener, for each store's main
 * pages (home, a category and a product its home links to, a search, the cart) a few rounds before
 * the process takes traffic. A fresh process's first requests compile the render and loader code
 * and fill its caches (header, footer, site configuration, product families), and V8 optimises
 * that code only once it has run a number of times: without the rounds the first shoppers would
 * pay for it, each page several times a warm one. Failures do not matter here: a page that fails
 * would fail for a shopper too, and is logged then.
 */
export async function warmUpStorefront(handler: http.RequestListener, options: WarmUpOptions): Promise<{ requests: number; ms: number }> {
  if (options.budgetMs <= 0) return { requests: 0, ms: 0 };
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
    const pages: { host: string; path: string }[] = [];
    for (const host of options.hosts) {
      // The store's own links say which category and product pages it has.
      const home = await visit(host, "/");
      const category = /href="(\/c\/[^"?#]+)"/.exec(home)?.[1];
      const product = /href="(\/[^"?#]*\/p\/[^"?#]+)"/.exec(home)?.[1];
      for (const path of ["/", category, product, `${searchPath("en")}?q=coffee`, "/cart"]) if (path) pages.push({ host, path });
    }
    for (let round = 1; round <= options.rounds && performance.now() - started < options.budgetMs; round++) {
      for (const page of pages) await visit(page.host, page.path);
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { requests, ms: Math.round(performance.now() - started) };
}
