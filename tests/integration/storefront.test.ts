import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../support/databases";
import { getWithHost, type RunningStore, startStore } from "../support/server";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore({ env: { DIAGNOSTIC_ROUTES: "1" } });
});
afterAll(async () => {
  await store?.stop();
});

const page = (path: string, host = "localhost") => getWithHost(store.url, path, host);
const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${store.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

describe("brands by host", () => {
  it("serves the US consumer store on www.brewfront.com in USD", async () => {
    const res = await page("/", "www.brewfront.com");
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="en" data-brand="usb2c"');
    expect(res.body).toContain("Customer favorites");
    expect(res.body).toMatch(/\$17\.99/);
  });

  it("serves Canadian French under /fr/ with CAD prices formatted fr-CA", async () => {
    const res = await page("/fr/", "www.brewfront.ca");
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="fr" data-brand="cab2c"');
    expect(res.body).toContain("Nos favoris");
    expect(res.body).toMatch(/\d+,\d{2}\u00a0\$/);
    expect(res.body).toContain('href="/fr/c/coffee"');
  });

  it("serves Canadian English at the root with CAD prices", async () => {
    const res = await page("/", "www.brewfront.ca");
    expect(res.body).toContain('data-brand="cab2c"');
    expect(res.body).toContain("$25.99");
    expect(res.body).toContain(">Français<");
  });

  it("renders the commercial brand on commercial.brewfront.com", async () => {
    const res = await page("/", "commercial.brewfront.com");
    expect(res.body).toContain('data-brand="usafh"');
    expect(res.body).toContain("Brewfront Commercial");
    expect(res.body).toContain("Breakroom favorites");
  });

  it("lets ?site= override the host", async () => {
    expect((await page("/?site=usafh", "www.brewfront.com")).body).toContain('data-brand="usafh"');
  });

  it("redirects the bare domains with a 302 to www", async () => {
    const com = await page("/c/coffee?x=1", "brewfront.com");
    expect(com.status).toBe(302);
    expect(com.headers.location).toBe("http://www.brewfront.com/c/coffee?x=1");
    const ca = await page("/", "brewfront.ca");
    expect(ca.status).toBe(302);
    expect(ca.headers.location).toBe("http://www.brewfront.ca/");
  });

  it("sends /fr/ on a brand without French to the English page", async () => {
    const res = await page("/fr/", "www.brewfront.com");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
  });
});

describe("the error pages", () => {
  it("answers an unknown route with 404 and the SORRY page", async () => {
    const res = await page("/no-such-page", "www.brewfront.com");
    expect(res.status).toBe(404);
    for (const text of [
      "SORRY, SOMETHING WENT WRONG!",
      "brewed decaf by mistake",
      "7 days a week, 7:00 a.m. - 12:00 a.m. EST",
      "We reply within 24-48 hours",
      'href="/content/support/email-us-page"',
      ">Coffee<",
      ">Brewers<",
      ">Accessories<",
      "1-800-555-0199",
    ]) {
      expect(res.body).toContain(text);
    }
  });

  it("links to an email-us page that exists, per brand", async () => {
    const us = await page("/content/support/email-us-page", "www.brewfront.com");
    expect(us.status).toBe(200);
    expect(us.body).toContain("support@brewfront.com");
    expect(us.body).toContain("We reply within 24-48 hours");
    const fr = await page("/fr/content/support/email-us-page", "www.brewfront.ca");
    expect(fr.body).toContain("support@brewfront.ca");
    expect(fr.body).toContain("Nous répondons en 24 à 48 heures");
  });

  it("shows Canada's own toll-free number", async () => {
    const res = await page("/no-such-page", "www.brewfront.ca");
    expect(res.body).toContain("1-800-555-0123");
    expect(res.body).not.toContain("1-800-555-0199");
  });

  it("gives the commercial brand its own variant", async () => {
    const res = await page("/no-such-page", "commercial.brewfront.com");
    expect(res.body).toContain("error-page--commercial");
    expect(res.body).toContain("Commercial Brewers");
  });

  it("answers a language segment that is not French with 404", async () => {
    expect((await page("/de/", "www.brewfront.ca")).status).toBe(404);
  });

  it("shows the 500 coffee-break page for an uncaught render error and logs it with correlation id, brand and language", async () => {
    const res = await page("/diagnostics/render-error", "www.brewfront.ca");
    expect(res.status).toBe(500);
    expect(res.body).toContain("This page is taking coffee break!");
    const correlationId = res.headers.correlationid as string;
    const line = await store.waitForLog((l) => l.includes("uncaught storefront error") && l.includes(correlationId));
    expect(JSON.parse(line)).toMatchObject({ correlationId, brand: "cab2c", lang: "en" });
  });

  it("shows the coffee-break page in US English when the root loader's data is missing (an action's error skips it)", async () => {
    const res = await postForm("/diagnostics/render-error?site=cab2c", {});
    expect(res.status).toBe(500);
    const body = await res.text();
    // Without the root loader's data the page knows no store: no brand on the document, no header.
    expect(body).toContain('<html lang="en">');
    expect(body).not.toContain("data-brand=");
    expect(body).toContain("Skip to main content");
    expect(body).toContain("This page is taking coffee break!");
    expect(body).toContain("Something went wrong on our side. Please try again in a few minutes.");
    expect(body).toContain('href="/"');
  });
});

describe("the shop's phrases on a page", () => {
  // The root loader sends them in the page's language only (decision 056): a phrase no part of
  // the page shows still arrives with its data, in that language and no other.
  it("come with the French page's data in French only", async () => {
    const res = await page("/fr/", "www.brewfront.ca");
    expect(res.body).toContain("Appuyez sur le bouton pour recevoir notre infolettre.");
    expect(res.body).not.toContain("Press the button to start receiving our newsletter.");
    expect(res.body).not.toContain("Search coffee, brewers, accessories");
  });

  it("come with the English page's data in English only, spelt as the store spells", async () => {
    const us = await page("/Coffee-Makers/classic-brewer/p/8003-BFBR-BRW-RED", "www.brewfront.com");
    expect(us.body).toContain("Press the button to start receiving our newsletter.");
    expect(us.body).not.toContain("Appuyez sur le bouton pour recevoir notre infolettre.");
    expect(us.body).toContain("<legend>Color</legend>");
    const ca = await page("/Coffee-Makers/classic-brewer/p/8003-BFBR-BRW-RED", "www.brewfront.ca");
    expect(ca.body).toContain("<legend>Colour</legend>");
  });
});

describe("CMS HTML on a page", () => {
  it("is sanitised: an editor's script, event handler and javascript: link never reach the shopper", async () => {
    const db = new SQLite(store.databaseUrl);
    db.prepare("update cms_component set data = ? where site = 'usb2c' and lang = 'en' and uid = 'HomeStory'").run(
      JSON.stringify({
        content:
          '<h2 onmouseover="steal()">Fresh roasts</h2><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">story</a>',
      }),
    );
    db.close();
    // A CMS preview (cmsTicketId) skips the page cache, so the edit shows at once.
    const res = await page("/?cmsTicketId=preview-1", "www.brewfront.com");
    expect(res.body).toContain("<h2>Fresh roasts</h2>");
    expect(res.body).not.toContain('alert("x")');
    expect(res.body).not.toContain("onerror");
    expect(res.body).not.toContain("onmouseover");
    expect(res.body).not.toContain("javascript:alert");
  });
});

describe("security headers", () => {
  it("sends a CSP whose nonce is the one on every inline script", async () => {
    const res = await page("/", "www.brewfront.com");
    const csp = res.headers["content-security-policy"] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const inlineScripts = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect((await page("/", "www.brewfront.com")).headers["content-security-policy"]).not.toContain(nonce!);
  });

  it("refuses a cross-site form post", async () => {
    const res = await postForm("/newsletter", { email: "x@example.com" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });

  it("refuses a form post that names no origin at all", async () => {
    const res = await fetch(`${store.url}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=x%40example.com",
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });
});

describe("hostile requests", () => {
  /** Sends the request as written: fetch refuses odd methods, hosts and request targets. */
  const raw = (head: string, body = ""): Promise<{ status: number; text: string }> =>
    new Promise((resolve) => {
      const socket = net.connect({ port: store.port, host: "127.0.0.1" });
      let text = "";
      socket.setTimeout(10_000, () => socket.destroy());
      socket.on("data", (chunk) => (text += chunk.toString("latin1")));
      const done = () => resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text });
      socket.on("close", done);
      socket.on("error", done);
      socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`, "latin1");
    });
  const host = () => `Host: 127.0.0.1:${store.port}`;

  it("answers methods the store does not serve with 405 and Allow", async () => {
    const trace = await raw(`TRACE / HTTP/1.1\r\n${host()}`);
    expect(trace.status).toBe(405);
    expect(trace.text).toMatch(/\r\nallow: GET, HEAD, POST\r\n/i);
    expect((await raw(`PROPFIND /c/coffee HTTP/1.1\r\n${host()}`)).status).toBe(405);
    expect((await raw(`PUT /c/coffee HTTP/1.1\r\n${host()}\r\nContent-Length: 0`)).status).toBe(405);
  });

  it("answers request targets that are not a path, and paths a browser would read as another host, with 400", async () => {
    expect((await raw(`OPTIONS * HTTP/1.1\r\n${host()}`)).status).toBe(400);
    expect((await raw(`GET http://evil.example/ HTTP/1.1\r\n${host()}`)).status).toBe(400);
    expect((await raw(`GET //%09/evil.example HTTP/1.1\r\n${host()}`)).status).toBe(400);
    expect((await raw(`GET /%0A/x HTTP/1.1\r\n${host()}`)).status).toBe(400);
    expect((await raw(`GET /%E0%A4%A HTTP/1.1\r\n${host()}`)).status).toBe(400);
  });

  it("answers a malformed Host, or a malformed X-Forwarded-Host from the trusted proxy, with 400", async () => {
    expect((await raw("GET / HTTP/1.1\r\nHost: a b")).status).toBe(400);
    expect((await raw("GET / HTTP/1.1\r\nHost: localhost:99999")).status).toBe(400);
    expect((await raw(`GET /c/coffee HTTP/1.1\r\nHost: ${"x".repeat(300)}`)).status).toBe(400);
    // TRUST_PROXY defaults to loopback, so the test client is the trusted proxy here.
    expect((await raw(`GET /sitemap.xml HTTP/1.1\r\n${host()}\r\nX-Forwarded-Host: a b`)).status).toBe(400);
    const forwarded = await raw(`GET / HTTP/1.1\r\n${host()}\r\nX-Forwarded-Host: www.brewfront.ca`);
    expect(forwarded.text).toContain('data-brand="cab2c"');
  });

  it("accepts a form whose Origin is null when the Referer is the store's own page", async () => {
    const res = await postForm("/consent", { choice: "necessary", returnTo: "/c/coffee" }, { Origin: "null", Referer: `${store.url}/c/coffee` });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/c/coffee");
  });

  it("answers form posts that are not forms with 415, unreadable ones with 400 and oversized ones with 413", async () => {
    const post = (body: string, contentType?: string) =>
      fetch(`${store.url}/newsletter`, { method: "POST", headers: { Origin: store.url, ...(contentType ? { "Content-Type": contentType } : {}) }, body });
    expect((await post('{"email":"a@example.com"}', "application/json")).status).toBe(415);
    expect((await post("<x/>", "application/xml")).status).toBe(415);
    expect((await post("email=x", "text/plain")).status).toBe(415);
    expect((await post("--nope\r\n\r\n", "multipart/form-data; boundary=xyz")).status).toBe(400);
    const big = await post(`email=${"a".repeat(200_000)}`, "application/x-www-form-urlencoded");
    expect(big.status).toBe(413);
    expect(big.headers.get("x-content-type-options")).toBe("nosniff");
    const chunked = await raw(
      `POST /newsletter HTTP/1.1\r\n${host()}\r\nOrigin: ${store.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked`,
      `${Array.from({ length: 20 }, () => `2000\r\n${"a".repeat(0x2000)}\r\n`).join("")}0\r\n\r\n`,
    );
    expect(chunked.status).toBe(413);
  });

  it("never redirects a consent choice off-site, whatever the return path holds", async () => {
    for (const returnTo of ["/\t/evil.example", "/\n/x", "//evil.example", "/\\evil.example"]) {
      const res = await postForm("/consent", { choice: "necessary", returnTo });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("answers an inline notify-me for an unknown product with 404 and a readable message", async () => {
    const res = await postForm("/notify-me", { productCode: "9999-NOPE-X", email: "a@example.com", inline: "1" });
    expect(res.status).toBe(404);
  });

  it("ignores an unknown filter value on a category page; the API refuses it with 400", async () => {
    expect((await page("/c/coffee?price=x")).status).toBe(200);
    const api = await fetch(`${store.url}/rest/v2/usb2c/c/coffee/categoryData?query=:relevance:price:x`);
    expect(api.status).toBe(400);
    expect(((await api.json()) as { errors: { message: string }[] }).errors[0]!.message).toContain("price");
  });

  it("sends the security headers on health, static, API and refused answers, and stays healthy", async () => {
    for (const res of [
      await fetch(`${store.url}/healthz`),
      await fetch(`${store.url}/favicon.svg`),
      await fetch(`${store.url}/rest/v2/openapi.json`),
      await fetch(`${store.url}/rest/v2/usb2c/nothing`),
      await postForm("/newsletter", { email: "a@example.com" }, { Origin: "http://evil.example" }),
    ]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors");
    }
    expect((await raw(`GET /%0A/x HTTP/1.1\r\n${host()}`)).text).toMatch(/\r\ncontent-security-policy: /i);
    expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
    expect((await page("/c/coffee")).status).toBe(200);
  });

  it("keeps HTML pages, which carry a nonce, out of shared caches; their data stays public", async () => {
    const html = await fetch(`${store.url}/c/coffee`);
    expect(html.headers.get("cache-control")).toBe("private, max-age=60, stale-while-revalidate=600");
    const data = await fetch(`${store.url}/c/coffee.data`);
    expect(data.headers.get("cache-control")).toMatch(/^public, max-age=60, s-maxage=300/);
  });

  it("logs a post to a page without a form (405) at info, not as an uncaught error", async () => {
    expect((await postForm("/c/coffee?log-probe=1", { x: "1" })).status).toBe(405);
    const line = await store.waitForLog((l) => l.includes("log-probe") && l.includes("storefront request refused"));
    expect(JSON.parse(line).level).toBe(30);
    expect(store.logs()).not.toMatch(/uncaught storefront error[^\n]*log-probe/);
  });
});

describe("footer newsletter without JavaScript", () => {
  it("signs up and redirects back to the page with the same neutral outcome for a repeat (303)", async () => {
    const res = await postForm("/newsletter", { email: "grace@example.com", returnTo: "/c/coffee" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/c/coffee?newsletter=pending#newsletter-heading");
    const again = await postForm("/newsletter", { email: "grace@example.com", returnTo: "/" });
    expect(again.headers.get("location")).toBe("/?newsletter=pending#newsletter-heading");
    const mails = fs.readdirSync(store.outbox);
    expect(mails).toHaveLength(1);
    const mail = fs.readFileSync(`${store.outbox}/${mails[0]}`, "utf8");
    expect(mail).toContain("To: grace@example.com");
    expect(mail).toContain("Subject: Confirm your Brewfront newsletter sign-up");
  });

  it("shows the outcome on the page it returns to", async () => {
    const res = await page("/?newsletter=pending", "www.brewfront.com");
    expect(res.body).toContain("Check your inbox to confirm");
  });

  it("answers a bad address with 400, a readable error and the typed value kept", async () => {
    const res = await postForm("/newsletter", { email: "grace-at-example", returnTo: "/" });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Enter a valid email address.");
    expect(body).toContain('value="grace-at-example"');
  });

  it("never redirects off-site", async () => {
    const res = await postForm("/newsletter", { email: "lin@example.com", returnTo: "//evil.example/" });
    expect(res.headers.get("location")).toBe("/?newsletter=pending#newsletter-heading");
  });
});

describe("a quiz answered in part", () => {
  it("shows the quiz again with 400, each missing answer beside its question and the given ones still chosen", async () => {
    const res = await postForm("/perfectcup", { drink: "coffee", roast: "dark", flavours: "bold" });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain('role="alert">Please correct the highlighted fields.<');
    expect(body).toMatch(/<fieldset class="quiz-question field--invalid" aria-describedby="quiz-caffeine-error">/);
    expect(body).toContain('<p id="quiz-caffeine-error" class="field__error">Choose how much caffeine.</p>');
    expect(body).toContain('<p id="quiz-format-error" class="field__error">Choose how you brew.</p>');
    expect(body).not.toContain("quiz-drink-error");
    expect(body).toContain('name="drink" required="" checked="" value="coffee"');
    expect(body).toContain('name="flavours" checked="" value="bold"');
    expect(body).toContain('name="roast" required="" value="light"');
  });

  it("says so in French on the French quiz", async () => {
    const res = await postForm("/fr/perfectcup?site=cab2c", { drink: "coffee", roast: "dark", flavours: "bold", caffeine: "regular" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<p id="quiz-format-error" class="field__error">Choisissez votre façon d’infuser.</p>');
  });
});

describe("the web-app wrapper (?webapp=1)", () => {
  it("remembers webapp=1 in a cookie and hides the cart links and footer", async () => {
    const first = await page("/?webapp=1", "www.brewfront.com");
    expect(String(first.headers["set-cookie"])).toMatch(/webapp=1;.*HttpOnly/);
    expect(first.body).toContain('data-webapp="1"');
    expect(first.body).not.toContain('class="site-header__cart"');
    expect(first.body).not.toContain('class="site-footer"');
    const next = await getWithHost(store.url, "/", "www.brewfront.com", { Cookie: "webapp=1" });
    expect(next.body).toContain('data-webapp="1"');
    const normal = await page("/", "www.brewfront.com");
    expect(normal.body).toContain('class="site-footer"');
  });
});

describe("shoppers who leave before the page arrives", () => {
  it("are not an error: nothing is logged as one, and the store answers the next shopper", async () => {
    const before = store.logs().length;
    // Ten connections with pages queued on each, all hung up at once while pages are on their way
    // (a browser closing its tabs, a cancelled navigation).
    for (const afterMs of [60, 120, 180, 240, 300]) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
      const asked = Array.from({ length: 60 }, () => {
        const req = http.get({ host: "127.0.0.1", port: store.port, path: "/c/coffee", agent, headers: { "X-Forwarded-For": "10.61.0.1" } }, (res) =>
          res.resume(),
        );
        req.on("error", () => {});
        return req;
      });
      await new Promise((r) => setTimeout(r, afterMs));
      for (const req of asked) req.destroy();
      agent.destroy();
    }
    expect((await page("/", "www.brewfront.com")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const logged = store.logs().slice(before);
    expect(logged).not.toMatch(/Writable closed|Cannot write to a destroyed/);
    expect(logged).not.toMatch(/"level":(50|60)/);
  });
});

describe("operations", () => {
  it("answers /healthz and /readyz", async () => {
    expect(await (await fetch(`${store.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${store.url}/readyz`)).json()).toEqual({ status: "ready" });
  });

  it("logs every request with its correlation id", async () => {
    // Words no page has searched for: the storefront keeps the API's catalog answers for a second,
    // and a worker's warm-up asks for the store's main pages just before it listens; a kept answer
    // would make no API call to log.
    const words = `arabica${randomUUID().slice(0, 8)}`;
    const res = await page(`/search?q=${words}`, "www.brewfront.com");
    const id = res.headers.correlationid as string;
    expect(id).toMatch(/^[0-9a-f]{32}-\d+$/);
    // The page request and the API call it made carry the same id.
    await store.waitForLog((l) => l.includes(id) && l.includes(`"url":"/search?q=${words}"`));
    await store.waitForLog((l) => l.includes(id) && l.includes("/rest/v2/usb2c/products/searchText") && l.includes(words));
  });
});

describe("warming up before traffic", () => {
  // Starts a store of its own, which warms up before it listens: on a busy machine, longer than the default 30 s.
  it("has every worker serve its own pages before the store listens: no shopper's first page fetches the layout or the CMS page", async () => {
    const s = await startStore({ env: { WEB_CONCURRENCY: "2", WARM_UP_SECONDS: "3" } });
    try {
      await s.everyWorkerListening();
      const before = s.logs().length;
      const homes = () => s.logs().slice(before).split('"url":"/"').length - 1;
      // A new connection each time: the cluster hands connections to its workers in turn.
      for (let i = 0; i < 6; i++) expect((await getWithHost(s.url, "/", "www.brewfront.com", { Connection: "close" })).status).toBe(200);
      await s.waitForLog(() => homes() >= 6);
      const served = s.logs().slice(before);
      expect(served).not.toContain("/cms/pages");
      expect(served).not.toContain("/cms/components");
    } finally {
      await s.stop();
    }
  }, 120_000);
});

describe("when the commerce API is down", () => {
  // Starts a store of its own: on a busy machine, longer than the default 30 s.
  it("shows the SORRY page with 503, not a crash", async () => {
    const broken = await startStore({ env: { COMMERCE_API_URL: "http://127.0.0.1:9", API_TIMEOUT_MS: "2000" } });
    try {
      const res = await getWithHost(broken.url, "/", "www.brewfront.com");
      expect(res.status).toBe(503);
      expect(res.body).toContain("SORRY, SOMETHING WENT WRONG!");
      expect(broken.logs()).toContain("API failure");
    } finally {
      await broken.stop();
    }
  }, 90_000);
});

describe("graceful shutdown", () => {
  // Starts a store of its own: on a busy machine, longer than the default 30 s.
  it("finishes in-flight requests on SIGTERM, closes the database and exits 0", async () => {
    // Debug logs name each API call a page makes: seeing one proves the page is being served when
    // the signal comes (a fixed pause could signal before the request had even connected).
    const s = await startStore({ env: { LOG_LEVEL: "debug" } });
    // Each worker serves its pages to itself before it listens, and the store answers as soon as
    // one listens: only a call logged once every worker listens (the store's announcement) counts.
    let inflight: ReturnType<typeof getWithHost>;
    try {
      await s.everyWorkerListening();
      const announced = s.logs().length;
      // A search nobody has made: the page must call the API (an answer kept from the warm-up could
      // be used without one for a second).
      inflight = getWithHost(s.url, `/search?q=decaf+${Date.now()}`, "www.brewfront.com");
      await s.waitForLog((line) => line.includes('"msg":"api call"'), { after: announced });
    } catch (err) {
      // Not left running for the rest of the suite.
      await s.stop();
      throw err;
    }
    const code = await s.stop();
    const res = await inflight;
    expect(res.status).toBe(200);
    expect(code).toBe(0);
    expect(s.logs()).toContain("stopped cleanly");
  }, 90_000);
});

describe.runIf(postgresAvailable)("the store on PostgreSQL", () => {
  // Starts a store of its own: on a busy machine, longer than the default 30 s.
  it("migrates, seeds and serves the French Canadian home page", async () => {
    const s = await startStore({ dialect: "postgres" });
    try {
      const res = await getWithHost(s.url, "/fr/", "www.brewfront.ca");
      expect(res.status).toBe(200);
      expect(res.body).toMatch(/\d+,\d{2}\u00a0\$/);
      // The start-up line naming the database comes once every worker listens, which can be after
      // the first page has answered.
      expect(await s.waitForLog((line) => line.includes("PostgresAdapter"))).toContain("PostgresAdapter");
    } finally {
      await s.stop();
    }
  }, 90_000);
});

describe("start-up settings", () => {
  /** Runs the built store with one bad variable; it must stop at once, before touching a database. */
  function startWith(env: Record<string, string>) {
    const started = Date.now();
    const run = spawnSync(process.execPath, [path.resolve("build/server.js")], {
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
      encoding: "utf8",
      timeout: 20_000,
    });
    return { ...run, ms: Date.now() - started };
  }

  it.each([
    [{ PORT: "abc" }, /PORT="abc": expected a port number/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL="mysql:\/\/x": expected postgres:\/\/…/],
  ])("stops with exit code 1 and names the bad variable (%o)", (env, named) => {
    const run = startWith(env);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(named);
    expect(run.stderr).toContain("cannot start");
    // The message alone: no stack trace, nothing logged, no database opened.
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).toBe("");
    expect(run.ms).toBeLessThan(10_000);
  });
});
