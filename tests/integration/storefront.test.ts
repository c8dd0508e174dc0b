import { spawnSync } from "node:child_process";
import fs from "node:fs";
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

describe("footer newsletter without JavaScript", () => {
  it("signs up and redirects back to the page with the outcome (303)", async () => {
    const res = await postForm("/newsletter", { email: "grace@example.com", returnTo: "/c/coffee" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/c/coffee?newsletter=subscribed#newsletter-heading");
    const again = await postForm("/newsletter", { email: "grace@example.com", returnTo: "/" });
    expect(again.headers.get("location")).toBe("/?newsletter=alreadySubscribed#newsletter-heading");
    const mails = fs.readdirSync(store.outbox);
    expect(mails).toHaveLength(1);
    expect(fs.readFileSync(`${store.outbox}/${mails[0]}`, "utf8")).toContain("To: grace@example.com");
  });

  it("shows the outcome on the page it returns to", async () => {
    const res = await page("/?newsletter=subscribed", "www.brewfront.com");
    expect(res.body).toContain("on the list");
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
    expect(res.headers.get("location")).toBe("/?newsletter=subscribed#newsletter-heading");
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

describe("operations", () => {
  it("answers /healthz and /readyz", async () => {
    expect(await (await fetch(`${store.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${store.url}/readyz`)).json()).toEqual({ status: "ready" });
  });

  it("logs every request with its correlation id", async () => {
    const res = await page("/c/coffee", "www.brewfront.com");
    const id = res.headers.correlationid as string;
    expect(id).toMatch(/^[0-9a-f]{32}-\d+$/);
    // The page request and the API calls it made carry the same id.
    await store.waitForLog((l) => l.includes(id) && l.includes('"url":"/c/coffee"'));
    await store.waitForLog((l) => l.includes(id) && l.includes("/rest/v2/usb2c/c/coffee/categoryData"));
  });
});

describe("when the commerce API is down", () => {
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
  });
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, closes the database and exits 0", async () => {
    const s = await startStore();
    const inflight = getWithHost(s.url, "/", "www.brewfront.com");
    await new Promise((r) => setTimeout(r, 5));
    const code = await s.stop();
    const res = await inflight;
    expect(res.status).toBe(200);
    expect(code).toBe(0);
    expect(s.logs()).toContain("stopped cleanly");
  });
});

describe.runIf(postgresAvailable)("the store on PostgreSQL", () => {
  it("migrates, seeds and serves the French Canadian home page", async () => {
    const s = await startStore({ dialect: "postgres" });
    try {
      const res = await getWithHost(s.url, "/fr/", "www.brewfront.ca");
      expect(res.status).toBe(200);
      expect(res.body).toMatch(/\d+,\d{2}\u00a0\$/);
      expect(s.logs()).toContain("PostgresAdapter");
    } finally {
      await s.stop();
    }
  });
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
