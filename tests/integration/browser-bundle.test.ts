import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Runs on the build `npm test` makes before it: the browser's files as the store serves them.
const BUILD = path.resolve("public/build");

function scripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? scripts(file) : entry.name.endsWith(".js") ? [file] : [];
  });
}

describe("the browser's JavaScript", () => {
  // zod's whole library (with every locale) is about 95 kB gzipped, more than the page's budget above
  // the bare Remix page: schemas reach route modules through app/lib/schemas.server.ts only.
  it("carries no zod: pages validate on the server", () => {
    const files = scripts(BUILD);
    expect(files.length).toBeGreaterThan(10);
    const withZod = files.filter((file) => fs.readFileSync(file, "utf8").includes("ZodError")).map((file) => path.relative(BUILD, file));
    expect(withZod).toEqual([]);
  });
});

/** The scripts a route's page loads: the root's and the route's modules with their imports, from the build's manifest. */
function pageScripts(routeId: string): string[] {
  const file = fs.readdirSync(BUILD).find((name) => name.startsWith("manifest-") && name.endsWith(".js"));
  const manifest = JSON.parse(
    fs
      .readFileSync(path.join(BUILD, file!), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;$/, ""),
  ) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const urls = [manifest.entry, manifest.routes.root!, manifest.routes[routeId]!].flatMap((m) => [m.module, ...(m.imports ?? [])]);
  return [...new Set(urls)].map((url) => path.join(BUILD, url.replace(/^\/build\//, "")));
}

describe("the cart page's scripts", () => {
  // The cart's perks, gift card and coupon panels get their phrases in the page's language with
  // the page's data (app/lib/page-texts.server.ts), instead of every store's dictionaries.
  it("carry none of its panels' dictionaries", () => {
    const scriptsOfCart = pageScripts("routes/($lang).cart");
    expect(scriptsOfCart.length).toBeGreaterThan(3);
    const phrases = [
      "Perks rewards",
      "Nous n’avons pas pu modifier vos récompenses",
      "Pay with one or more gift cards.",
      "Entrez les 16 chiffres de la carte.",
      "Codes promo appliqués",
    ];
    const carrying = scriptsOfCart
      .filter((file) => phrases.some((phrase) => fs.readFileSync(file, "utf8").includes(phrase)))
      .map((file) => path.relative(BUILD, file));
    expect(carrying).toEqual([]);
  });
});

/** A script that is nothing but the empty CommonJS module the browser build puts in place of a `.server` module or `@remix-run/node`. */
function isEmptyStandIn(code: string): boolean {
  const body = code
    .replace(/import\{[^}]*\}from"[^"]+";/g, "")
    .replace(/export\{[^}]*\};?/g, "")
    .trim();
  return /^var [\w$]+=[\w$]+\(\(?[\w$]+,[\w$]+\)?=>\{[\w$]+\.exports=\{\}\}\);?$/.test(body);
}

describe("the single-step checkout's scripts", () => {
  // Each empty stand-in is one more request before the checkout's first paint on a phone network:
  // the route takes its server code through app/lib/checkout-page.server.ts (decision 058).
  it("preload no empty stand-in for server code", () => {
    const scriptsOfCheckout = pageScripts("routes/($lang).checkout.singlestep");
    expect(scriptsOfCheckout.length).toBeGreaterThan(3);
    const standIns = scriptsOfCheckout.filter((file) => isEmptyStandIn(fs.readFileSync(file, "utf8")));
    expect(standIns.map((file) => path.relative(BUILD, file))).toEqual([]);
  });

  // Its phrases come with the page's data in the page's language (app/lib/page-texts.server.ts).
  it("carry none of the checkout's or its perks offer's dictionaries", () => {
    const phrases = [
      "Your cart needs a change before you can order:",
      // The build writes letters outside ASCII as escapes: French phrases are matched by their ASCII part.
      "avant la commande",
      "Join perks and earn {points} points on this order",
      "points sur cette commande",
    ];
    const carrying = pageScripts("routes/($lang).checkout.singlestep")
      .filter((file) => phrases.some((phrase) => fs.readFileSync(file, "utf8").includes(phrase)))
      .map((file) => path.relative(BUILD, file));
    expect(carrying).toEqual([]);
  });

  it("are checked by a test that knows a stand-in when it sees one", () => {
    expect(isEmptyStandIn('import{b as o}from"/build/_shared/chunk-Q3IECNXJ.js";var p=o((r,e)=>{e.exports={}});export{p as a};')).toBe(true);
    expect(isEmptyStandIn('import{a as t}from"/build/_shared/chunk-KEUHUSUS.js";var p=o((r,e)=>{e.exports={a:t}});export{p as a};')).toBe(false);
  });
});
