import type http from "node:http";
import { describe, expect, it } from "vitest";
import { warmUpStorefront } from "../../app/lib/warm-up.server";

/** A store whose home pages link to a category and a product, and that logs every request it answers. */
function store() {
  const log: string[] = [];
  const handler: http.RequestListener = (req, res) => {
    log.push(`${req.headers.host} ${req.url}`);
    res.setHeader("content-type", "text/html");
    if (req.url === "/") res.end(`<a href="/c/coffee">Coffee</a><a href="/Coffee/breakfast-blend/p/1">One</a>`);
    else res.end("<p>page</p>");
  };
  return { log, handler };
}

describe("a worker's warm-up", () => {
  it("serves each store's home, the category and product it links to, a search and the cart to itself, round after round", async () => {
    const { log, handler } = store();
    const result = await warmUpStorefront(handler, { hosts: ["www.first.test", "www.second.test"], rounds: 2, budgetMs: 10_000 });
    const round = ["www.first.test", "www.second.test"].flatMap((host) =>
      ["/", "/c/coffee", "/Coffee/breakfast-blend/p/1", "/search?q=coffee", "/cart"].map((path) => `${host} ${path}`),
    );
    // First each home page, for the links on it; then the rounds.
    expect(log).toEqual(["www.first.test /", "www.second.test /", ...round, ...round]);
    expect(result.requests).toBe(log.length);
  });

  it("asks only for the pages a store's home links to", async () => {
    const log: string[] = [];
    const bare: http.RequestListener = (req, res) => {
      log.push(req.url!);
      res.end("<p>No links here</p>");
    };
    await warmUpStorefront(bare, { hosts: ["www.first.test"], rounds: 1, budgetMs: 10_000 });
    expect(log).toEqual(["/", "/", "/search?q=coffee", "/cart"]);
  });

  it("starts no round once its time is up", async () => {
    const { log, handler } = store();
    const slowHome: http.RequestListener = (req, res) => void setTimeout(() => handler(req, res), 30);
    await warmUpStorefront(slowHome, { hosts: ["www.first.test"], rounds: 30, budgetMs: 10 });
    expect(log).toEqual(["www.first.test /"]);
  });

  it("asks for nothing when it is given no time (WARM_UP_SECONDS=0)", async () => {
    const { log, handler } = store();
    expect(await warmUpStorefront(handler, { hosts: ["www.first.test"], rounds: 30, budgetMs: 0 })).toEqual({ requests: 0, ms: 0 });
    expect(log).toEqual([]);
  });
});
