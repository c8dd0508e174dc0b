import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cartMessages } from "../../app/brands/cart-messages";
import { checkoutPricingMessages } from "../../app/brands/checkout-pricing-messages";
import { messages } from "../../app/brands/messages";

// Runs on the build `npm test` makes before it: the browser's files as the store serves them.
const BUILD = path.resolve("build/client");

function scripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? scripts(file) : entry.name.endsWith(".js") ? [file] : [];
  });
}

/**
 * A script's text with its string escapes read: the browser build writes every character outside
 * ASCII as an escape ("r\\xE9compenses"), so a French phrase is searched for in the decoded text.
 */
function scriptText(file: string): string {
  return fs
    .readFileSync(file, "utf8")
    .replace(/\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g, (_, braced: string, u: string, x: string) =>
      String.fromCodePoint(parseInt(braced ?? u ?? x, 16)),
    );
}

/** The scripts among `files` that carry one of `phrases`, by their path in the build. */
function carrying(files: string[], phrases: string[]): string[] {
  return files.filter((file) => phrases.some((phrase) => scriptText(file).includes(phrase))).map((file) => path.relative(BUILD, file));
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

  // The root loader sends the shop's phrases (app/brands/messages.ts) in the page's language only
  // (decision 056); a script that imported the dictionaries would carry every store's language.
  it("carries none of the shop's dictionaries, in any language", () => {
    const phrases = [
      messages("en", "usb2c").searchPlaceholder,
      messages("en", "cab2c").newsletterConfirmIntro,
      messages("fr").skipToContent,
      messages("fr").errorMessage,
      messages("fr").consentText,
    ];
    expect(phrases).toEqual([
      "Search coffee, brewers, accessories",
      "Press the button to start receiving our newsletter.",
      "Passer au contenu principal",
      "On dirait qu’on a infusé du décaféiné par erreur. La page demandée n’est pas disponible.",
      expect.stringContaining("Nous utilisons des témoins"),
    ]);
    expect(carrying(scripts(BUILD), phrases)).toEqual([]);
  });

  // The cart's and the checkout's phrases come with their pages' data in one language (decision 058).
  it("gives the cart, the checkout and the product cards none of their dictionaries", () => {
    const cart = cartMessages("fr").keepShopping;
    const pricing = checkoutPricingMessages("fr").arrivesOn;
    expect([cart, pricing]).toEqual(["Continuer à magasiner", "Livraison prévue le {date}"]);
    expect(carrying(pageScripts("routes/($lang).cart"), [cart, pricing])).toEqual([]);
    expect(carrying(pageScripts("routes/($lang).checkout.singlestep"), [cart, pricing])).toEqual([]);
    expect(carrying(pageScripts("routes/($lang).$category.$slug.p.$code"), [messages("fr").quickShopLoadFailed])).toEqual([]);
  });

  it("reads phrases written with escapes, as the build writes French", () => {
    // The phrase-finding above would pass on any script if escapes went unread: a French phrase
    // the order confirmation's scripts do carry (its order summary writes tax lines and arrival
    // dates from the pricing messages module) must be found.
    const french = checkoutPricingMessages("fr").deliveryModes.expedited;
    expect(french).toBe("Livraison accélérée");
    expect(carrying(pageScripts("routes/($lang).checkout.orderConfirmation.$code"), [french])).not.toEqual([]);
  });
});

/** The scripts a route's page loads: the root's and the route's modules with their imports, from the build's manifest. */
function pageScripts(routeId: string): string[] {
  const file = fs.readdirSync(path.join(BUILD, "assets")).find((name) => name.startsWith("manifest-") && name.endsWith(".js"));
  const manifest = JSON.parse(
    fs
      .readFileSync(path.join(BUILD, "assets", file!), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;$/, ""),
  ) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const urls = [manifest.entry, manifest.routes.root!, manifest.routes[routeId]!].flatMap((m) => [m.module, ...(m.imports ?? [])]);
  return [...new Set(urls)].map((url) => path.join(BUILD, url));
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
    expect(carrying(scriptsOfCart, phrases)).toEqual([]);
  });
});

describe("the single-step checkout's scripts", () => {
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
});
