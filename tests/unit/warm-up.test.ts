import type http from "node:http";
import { describe, expect, it } from "vitest";
import { searchesFromPages, warmUpStorefront } from "../../app/lib/warm-up.server";

const card = (name: string) => `<li><h3 class="product-card__name">${name}</h3></li>`;

describe("the searches a worker makes at warm-up", () => {
  const pages = [`<ul>${card("Breakfast Blend")}${card("Irish Cream &amp; Co")}</ul>`, `<ul>${card("Breakfast Blend 24")}${card("Go Big")}</ul>`];

  it("are the words of the product names the first pages show, then two neighbouring words, then two words of different names", () => {
    const searches = searchesFromPages(pages, 100);
    // Words of fewer than three letters and plain numbers are not searched alone.
    expect(searches.slice(0, 5)).toEqual(["breakfast", "blend", "irish", "cream", "big"]);
    expect(searches.slice(5, 7)).toEqual(["breakfast blend", "irish cream"]);
    expect(searches).toContain("breakfast irish");
    expect(new Set(searches).size).toBe(searches.length);
  });

  it("misspell every eighth word as a hurried shopper does, two letters swapped", () => {
    const searches = searchesFromPages([card("Bold Dark Roast Colombian Supremo Decaf Morning Breakfast Blend")], 100);
    expect(searches.slice(0, 9)).toEqual(["bold", "dark", "roast", "colombian", "supremo", "decaf", "morning", "breakfast", "berakfast"]);
  });

  it("are at most as many as asked, and none without product names", () => {
    expect(searchesFromPages(pages, 3)).toEqual(["breakfast", "blend", "irish"]);
    expect(searchesFromPages(["<p>No products here</p>"], 10)).toEqual([]);
  });
});

describe("a worker's warm-up", () => {
  /** A store of three pages that logs every request it answers, and when the searches are forgotten. */
  function store() {
    const log: string[] = [];
    const handler: http.RequestListener = (req, res) => {
      log.push(`${req.headers.host} ${req.url}`);
      res.setHeader("content-type", "text/html");
      if (req.url === "/") res.end(`<a href="/c/coffee">Coffee</a><a href="/Coffee/breakfast-blend/p/1">One</a>${card("Breakfast Blend")}`);
      else if (req.url === "/c/coffee") res.end(card("Irish Cream") + card("Dark Roast"));
      else if (req.url === "/fr/") res.end(`<a href="/fr/c/cafe">Café</a>${card("Mélange déjeuner")}`);
      else if (req.url === "/fr/c/cafe") res.end(card("Torréfaction foncée"));
      else res.end("<p>page</p>");
    };
    return { log, handler };
  }

  it("asks the searches, forgets their answers, then repeats the first store's pages", async () => {
    const { log, handler } = store();
    const result = await warmUpStorefront(handler, {
      hosts: ["www.first.test", "www.second.test"],
      rounds: 3,
      budgetMs: 10_000,
      searches: 4,
      searchBudgetMs: 10_000,
      forgetSearches: async () => {
        log.push("forget");
      },
    });
    const warmSearches = ["breakfast", "blend", "irish", "cream"].map((q) => `www.first.test /search?q=${q}`);
    const forgotAt = log.indexOf("forget");
    expect(log.slice(forgotAt - 4, forgotAt)).toEqual(warmSearches);
    // Each warm-up search is asked once, before the answers are forgotten.
    for (const s of warmSearches) expect(log.filter((l) => l === s)).toHaveLength(1);
    // The second store's home page in the first pass; the first store's home page in each of the three rounds, two after the forgetting.
    expect(log.filter((l) => l === "www.second.test /")).toHaveLength(1);
    expect(log.slice(forgotAt).filter((l) => l === "www.first.test /")).toHaveLength(2);
    expect(result.requests).toBe(log.length - 1);
  });

  it("asks a fifth of the searches in French on a store that speaks it, from its French pages, one after every four", async () => {
    const { log, handler } = store();
    await warmUpStorefront(handler, {
      hosts: ["www.first.test", "www.second.test"],
      rounds: 1,
      budgetMs: 10_000,
      searches: 10,
      frenchHost: "www.second.test",
      searchBudgetMs: 10_000,
      forgetSearches: async () => {
        log.push("forget");
      },
    });
    const asked = log.slice(log.indexOf("www.second.test /fr/c/cafe") + 1, log.indexOf("forget"));
    expect(asked).toEqual([
      ...["breakfast", "blend", "irish", "cream"].map((q) => `www.first.test /search?q=${q}`),
      `www.second.test /fr/recherche?q=${encodeURIComponent("mélange")}`,
      ...["dark", "roast", "breakfast%20blend", "irish%20cream"].map((q) => `www.first.test /search?q=${q}`),
      `www.second.test /fr/recherche?q=${encodeURIComponent("déjeuner")}`,
    ]);
  });

  it("stops searching once its time for searches is up, and still forgets what it asked", async () => {
    const { log, handler } = store();
    await warmUpStorefront(handler, {
      hosts: ["www.first.test"],
      rounds: 1,
      budgetMs: 10_000,
      searches: 4,
      searchBudgetMs: 0,
      forgetSearches: async () => {
        log.push("forget");
      },
    });
    expect(log.filter((l) => l.includes("/search?q=breakfast"))).toHaveLength(0);
    expect(log).toContain("forget");
  });
});
