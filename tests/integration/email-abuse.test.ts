import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_KEY } from "../support/commerce";
import { confirmationToken, mailsTo } from "../support/mail";
import { type RunningStore, startStore } from "../support/server";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore({ env: { ADMIN_API_KEY: ADMIN_KEY, WEB_CONCURRENCY: "1" } });
}, 60_000);
afterAll(async () => {
  await store?.stop();
});

const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${store.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.url },
    body: new URLSearchParams(fields).toString(),
  });
const getPage = (path: string) => fetch(`${store.url}${path}`);
const answer = async (res: Response) => ({ status: res.status, location: res.headers.get("location"), body: await res.text() });

function soldOutProduct(): string {
  const db = new SQLite(store.databaseUrl, { readonly: true });
  try {
    const row = db
      .prepare(
        "select s.product_code as code from stock s join product_site ps on ps.product_code = s.product_code and ps.site = 'usb2c' where s.level = 0 order by 1 limit 1",
      )
      .get() as { code: string };
    return row.code;
  } finally {
    db.close();
  }
}

function expireLinks(table: "newsletter_subscription" | "stock_alert", email: string) {
  const db = new SQLite(store.databaseUrl);
  try {
    db.prepare(`update ${table} set confirm_expires_at = ? where email = ?`).run(new Date(Date.now() - 1000).toISOString(), email);
  } finally {
    db.close();
  }
}

// The storefront's per-shopper limit is 10 posts per form per 10 minutes; these tests stay within it
// until the last one, which floods it.
describe("newsletter double opt-in", () => {
  it("mails only a confirmation link on sign-up; the welcome comes after the confirm button is pressed", async () => {
    const res = await postForm("/newsletter", { email: "opt@example.com", returnTo: "/" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/?newsletter=pending#newsletter-heading");
    const mails = mailsTo(store.outbox, "opt@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Confirm your Brewfront newsletter sign-up");
    expect(mails[0]).not.toContain("Welcome");

    // Opening the link (as a mail scanner would) only shows the button.
    const token = confirmationToken(store.outbox, "opt@example.com");
    const shown = await getPage(`/newsletter/confirm?token=${token}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('name="token"');
    expect(mailsTo(store.outbox, "opt@example.com")).toHaveLength(1);

    const confirmed = await postForm(`/newsletter/confirm?token=${token}`, { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("signed up. A welcome note is on its way.");
    const after = mailsTo(store.outbox, "opt@example.com");
    expect(after).toHaveLength(2);
    expect(after[1]).toContain("Subject: Welcome to the Brewfront newsletter");

    // The link is single-use.
    expect((await postForm(`/newsletter/confirm?token=${token}`, { token })).status).toBe(400);
  });

  it("answers a new, a pending and a confirmed address byte for byte the same, and mails nothing more", async () => {
    // Without JavaScript: a redirect to the page with the outcome.
    const fresh = await answer(await postForm("/newsletter", { email: "new@example.com", returnTo: "/" }));
    const pending = await answer(await postForm("/newsletter", { email: "new@example.com", returnTo: "/" }));
    const confirmed = await answer(await postForm("/newsletter", { email: "opt@example.com", returnTo: "/" }));
    expect(fresh).toEqual({ status: 303, location: "/?newsletter=pending#newsletter-heading", body: "" });
    expect(pending).toEqual(fresh);
    expect(confirmed).toEqual(fresh);
    // With JavaScript (the fetcher's data request).
    const inline = async (email: string) => answer(await postForm("/newsletter.data", { email, returnTo: "/", inline: "1" }));
    const inlineKnown = await inline("opt@example.com");
    expect(inlineKnown.status).toBe(200);
    expect(await inline("stranger@example.com")).toEqual(inlineKnown);
    // One confirmation per window for a pending address; nothing for a confirmed one.
    expect(mailsTo(store.outbox, "new@example.com")).toHaveLength(1);
    expect(mailsTo(store.outbox, "opt@example.com")).toHaveLength(2);
  });

  it("says the same neutral thing in French, and links French sign-ups to the French page", async () => {
    const res = await postForm("/newsletter?site=cab2c", { email: "fr@example.ca", lang: "fr", returnTo: "/fr/" });
    expect(res.headers.get("location")).toBe("/fr/?newsletter=pending#newsletter-heading");
    const [mail] = mailsTo(store.outbox, "fr@example.ca");
    expect(mail).toContain("https://www.brewfront.ca/fr/newsletter/confirm?token=");
    const confirmPage = await getPage(`/fr/newsletter/confirm?site=cab2c&token=${confirmationToken(store.outbox, "fr@example.ca")}`);
    expect(confirmPage.status).toBe(200);
    const confirmHtml = await confirmPage.text();
    expect(confirmHtml).toContain("Confirmez votre inscription à l’infolettre");
    expect(confirmHtml).toContain(">Confirmer</button>");
    const page = await getPage("/fr/?site=cab2c&newsletter=pending");
    expect(await page.text()).toContain("Vérifiez votre boîte de réception pour confirmer");
  });

  it("answers an unknown token with 400 and an expired one with 410, each with a readable page", async () => {
    const unknown = await postForm("/newsletter/confirm", { token: "x".repeat(43) });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("This confirmation link is not valid");
    expect((await getPage("/newsletter/confirm")).status).toBe(400);

    const token = confirmationToken(store.outbox, "new@example.com");
    expireLinks("newsletter_subscription", "new@example.com");
    const expired = await postForm(`/newsletter/confirm?token=${token}`, { token });
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This confirmation link has expired");
    expect(mailsTo(store.outbox, "new@example.com").some((m) => m.includes("Welcome"))).toBe(false);
  });
});

describe("notify-me double opt-in", () => {
  it("mails a restock only to shoppers who confirmed their alert", async () => {
    const code = soldOutProduct();
    for (const email of ["yes@example.com", "no@example.com"]) {
      const res = await postForm("/notify-me", { productCode: code, email, returnTo: "/" });
      expect(res.headers.get("location")).toBe("/?notify=pending#notify-heading");
      expect(mailsTo(store.outbox, email)[0]).toContain("Subject: Confirm your back-in-stock alert");
    }
    const token = confirmationToken(store.outbox, "yes@example.com");
    const confirmed = await postForm(`/notify-me/confirm?token=${token}`, { token });
    expect(confirmed.status).toBe(200);

    const restock = await fetch(`${store.url}/rest/v2/usb2c/stock/${code}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", "X-Admin-Key": ADMIN_KEY },
      body: JSON.stringify({ level: 5 }),
    });
    expect(await restock.json()).toMatchObject({ alertsSent: 1 });
    expect(mailsTo(store.outbox, "yes@example.com").filter((m) => m.includes("Subject: Back in stock"))).toHaveLength(1);
    expect(mailsTo(store.outbox, "no@example.com").filter((m) => m.includes("Subject: Back in stock"))).toHaveLength(0);
  });

  it("answers a repeat request for the same product the same way as the first", async () => {
    const code = soldOutProduct();
    const first = await answer(await postForm("/notify-me", { productCode: code, email: "twice@example.com", returnTo: "/" }));
    const again = await answer(await postForm("/notify-me", { productCode: code, email: "twice@example.com", returnTo: "/" }));
    expect(first.status).toBe(303);
    expect(again).toEqual(first);
    expect(mailsTo(store.outbox, "twice@example.com")).toHaveLength(1);
  });
});

describe("rate limits", () => {
  it("lets one shopper through only a few times; the rest get 429 with Retry-After and a readable page", async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 300; i++) {
      const res = await postForm("/newsletter", { email: `flood${i}@example.com`, returnTo: "/" });
      statuses.push(res.status);
      if (res.status === 429 && !refused) refused = res;
      else await res.body?.cancel();
    }
    expect(statuses.filter((s) => s === 303).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(290);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused!.text()).toMatch(/Too many attempts\. Please try again in \d+ min\./);
    expect(mailsTo(store.outbox, "flood299@example.com")).toHaveLength(0);
  });

  it("counts each shopper's own address: another shopper behind the trusted proxy still gets through", async () => {
    const fromAnotherShopper = await fetch(`${store.url}/newsletter`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.url, "X-Forwarded-For": "198.51.100.23" },
      body: new URLSearchParams({ email: "neighbour@example.com", returnTo: "/" }).toString(),
    });
    expect(fromAnotherShopper.status).toBe(303);
  });

  it("limits each address too, whoever asks", async () => {
    const code = soldOutProduct();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postForm("/notify-me", { productCode: code, email: "target@example.com", returnTo: "/" })).status);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
