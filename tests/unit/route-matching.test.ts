import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The server loads React Router's CommonJS build, the file patches/@remix-run+router+*.patch changes.
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

type Route = AgnosticRouteObject;
const ids = (routes: Route[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

function storeLikeTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", path: ":lang?", children: [{ id: "home-index", index: true }] },
        { id: "category", path: ":lang?/c/:code" },
        { id: "product", path: ":lang?/:category/:slug/p/:code" },
        { id: "cart", path: ":lang?/cart" },
        { id: "sitemap", path: "sitemap.xml" },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

describe("route matching on the server", () => {
  it("finds the same routes as React Router always has: optional language, static before dynamic, splat last", () => {
    const routes = storeLikeTree();
    expect(ids(routes, "/c/coffee")).toEqual(["root", "category"]);
    expect(ids(routes, "/fr/c/cafe")).toEqual(["root", "category"]);
    expect(ids(routes, "/Coffee/breakfast-blend/p/5001")).toEqual(["root", "product"]);
    expect(ids(routes, "/cart")).toEqual(["root", "cart"]);
    expect(ids(routes, "/sitemap.xml")).toEqual(["root", "sitemap"]);
    expect(ids(routes, "/no/such/page/here/at/all")).toEqual(["root", "splat"]);
    expect(matchRoutes(storeLikeTree(), "/fr/c/cafe")?.[1].params).toEqual({ lang: "fr", code: "cafe" });
  });

  it("gives the same answer on every call, whether a tree is new or matched before", () => {
    const kept = storeLikeTree();
    for (const path of ["/c/tea", "/fr/cart", "/x/y/p/1", "/c/tea"]) {
      expect(ids(kept, path)).toEqual(ids(storeLikeTree(), path));
    }
  });

  it("ranks a route tree once and reuses it (the server's tree never changes; re-ranking it was a tenth of a page's CPU)", () => {
    const routes = storeLikeTree();
    expect(ids(routes, "/c/coffee")).toEqual(["root", "category"]);
    // A route added to a tree after its first match is not seen: proof that the ranking was kept.
    (routes[0].children as Route[]).unshift({ id: "late", path: "c/:code" });
    expect(ids(routes, "/c/coffee")).toEqual(["root", "category"]);
    // A tree it has not seen is ranked afresh.
    expect(ids([{ ...routes[0], children: [...(routes[0].children as Route[])] } as Route], "/c/coffee")).toEqual(["root", "late"]);
  });

  it("gives every caller match objects of its own, also for a path matched before (a page matches its path four to six times)", () => {
    const routes = storeLikeTree();
    const first = matchRoutes(routes, "/fr/c/cafe");
    expect(first?.[1].params).toEqual({ lang: "fr", code: "cafe" });
    // What one caller does to its matches never reaches the next caller.
    (first![1].params as Record<string, string>).code = "changed";
    first!.pop();
    const second = matchRoutes(routes, "/fr/c/cafe");
    expect(second?.map((m) => m.route.id)).toEqual(["root", "category"]);
    expect(second?.[1].params).toEqual({ lang: "fr", code: "cafe" });
    expect(matchRoutes(routes, "/c/unknown-before")?.[1].params).toEqual({ code: "unknown-before" });
  });
});
