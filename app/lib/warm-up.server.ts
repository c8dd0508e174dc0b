import http from "node:http";
import type { AddressInfo } from "node:net";
import { searchPath } from "./paths";

export interface WarmUpOptions {
  /** Each store's www host (the store is told apart by its Host header). */
  hosts: readonly string[];
  /**
   * How many times the first store's pages are asked for at most: the first answers fill the
   * caches, the later ones compile the code every store shares.
   */
  rounds: number;
  /** No further round starts this long after the first: a start-up must not wait on a slow machine. */
  budgetMs: number;
  /**
   * How many searches nobody has made are asked, at most, before the rounds: a fresh worker's
   * first few hundred such searches cost nearly twice what later ones do, while V8 compiles their
   * path (the text match, product families, new cards), and the rounds repeat the same two.
   */
  searches: number;
  /**
   * A store that speaks French: a fifth of the searches are asked there in French, made from the
   * products its French pages show (French words take their own path: stemming, index, route).
   */
  frenchHost?: string;
  /** No further search starts after this long. */
  searchBudgetMs: number;
  /**
   * Forgets what the searches left in the answer caches (the API's and the storefront's), so that
   * no shopper's search is answered from a warm-up search of the same words.
   */
  forgetSearches(): Promise<void>;
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

const ENTITIES: Record<string, string> = { "&amp;": "&", "&#x27;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">" };

/**
 * Searches as shoppers type them, made from the product names on these pages: each name word
 * (every eighth also misspelt), then each two neighbouring words of a name, then two words of
 * different names (some of which match nothing, as some shoppers' searches do). At most `count`,
 * none twice.
 */
export function searchesFromPages(pages: readonly string[], count: number): string[] {
  const names = pages.flatMap((html) =>
    [...html.matchAll(/class="product-card__name">([^<]+)</g)].map((m) =>
      m[1]!
        .replace(/&(amp|#x27|quot|lt|gt);/g, (e) => ENTITIES[e]!)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3 && !/^\d+$/.test(w)),
    ),
  );
  const words = [...new Set(names.flat())];
  const searches = new Set<string>();
  words.forEach((word, i) => {
    searches.add(word);
    // Every eighth word is asked once more as a hurried shopper types it, two letters swapped:
    // a search that finds nothing looks for a spelling suggestion.
    if (i % 8 === 7 && word.length >= 5) searches.add(word[0]! + word[2]! + word[1]! + word.slice(3));
  });
  for (const name of names) for (let i = 0; i + 1 < name.length; i++) searches.add(`${name[i]} ${name[i + 1]}`);
  for (let step = 1; searches.size < count && step < words.length; step++) {
    for (let i = 0; i < words.length; i++) searches.add(`${words[i]} ${words[(i + step) % words.length]}`);
  }
  return [...searches].slice(0, count);
}

/** The first link on a page to a category under `prefix` ("" or "/fr"). */
const categoryLink = (html: string, prefix: string) => new RegExp(`href="(${prefix}/c/[^"?#]+)"`).exec(html)?.[1];

/** `items` with one of `others` after every `n` of them, and the rest of `others` at the end. */
function oneAfterEvery<T>(n: number, items: readonly T[], others: readonly T[]): T[] {
  const out: T[] = [];
  let next = 0;
  items.forEach((item, i) => {
    out.push(item);
    if ((i + 1) % n === 0 && next < others.length) out.push(others[next++]!);
  });
  return out.concat(others.slice(next));
}

/**
 * Asks the store's own request handler, on a private loopback listener, for the pages shoppers
 * open first (home, a category, a product, searches, the cart) of the first store and the home
 * page of the others, then searches made from the products those pages show (a fifth in French
 * where a store speaks it), then the first store's pages a few more times, before the process
 * takes traffic. The first requests of a fresh process compile the render and loader code and fill
 * the per-process caches (header, footer, site configuration, product families); without this a
 * shopper pays for that, several times a warm request. The searches' answers are forgotten before
 * the rounds: only what they compiled and the product families they read stay. Failures do not
 * matter here: a page that fails would fail for a shopper too, and is logged then.
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
    const firstPages: string[] = [];
    for (const [n, host] of options.hosts.entries()) {
      // The store's own links say which category and product pages it has.
      const home = await visit(host, "/");
      if (n > 0) continue;
      const category = categoryLink(home, "");
      const product = /href="(\/[^"?#]*\/p\/[^"?#]+)"/.exec(home)?.[1];
      first = ["/", category, product, "/search?q=coffee", "/search?q=roast%20blend", "/cart"].filter((p): p is string => !!p);
      firstPages.push(home);
      for (const path of first.slice(1)) firstPages.push(await visit(host, path));
    }
    const frenchCount = options.frenchHost ? Math.round(options.searches / 5) : 0;
    const english = searchesFromPages(firstPages, options.searches - frenchCount).map((q) => ({
      host: options.hosts[0]!,
      path: `${searchPath("en")}?q=${encodeURIComponent(q)}`,
    }));
    let french: { host: string; path: string }[] = [];
    if (options.frenchHost) {
      const host = options.frenchHost;
      const home = await visit(host, "/fr/");
      const category = categoryLink(home, "/fr");
      const frenchPages = [home, category ? await visit(host, category) : ""];
      french = searchesFromPages(frenchPages, frenchCount).map((q) => ({ host, path: `${searchPath("fr")}?q=${encodeURIComponent(q)}` }));
    }
    const searches = oneAfterEvery(4, english, french);
    const searchesStarted = performance.now();
    for (const search of searches) {
      if (performance.now() - searchesStarted >= options.searchBudgetMs) break;
      await visit(search.host, search.path);
    }
    await options.forgetSearches();
    const roundsStarted = performance.now();
    for (let round = 1; round < options.rounds && performance.now() - roundsStarted < options.budgetMs; round++) {
      for (const path of first) await visit(options.hosts[0]!, path);
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { requests, ms: Math.round(performance.now() - started) };
}
