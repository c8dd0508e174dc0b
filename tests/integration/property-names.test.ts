import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { getWithHost, type RunningStore, startStore } from "../support/server";

/**
 * Query values and form fields are looked up in tables of words and outcomes. A plain object
 * answers `__proto__`, `constructor`, `toString` and `hasOwnProperty` from its prototype, so
 * those names must read as the unknown words they are: never a 5xx.
 */
const NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty"] as const;

describe.each(DIALECTS)("names of an object's own machinery in an address or a form (%s)", (dialect) => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore({ dialect });
  }, 90_000);
  afterAll(async () => {
    await store?.stop();
  });

  const page = (path: string) => getWithHost(store.url, path, "www.brewfront.com");

  it.each(NAMES)("shows the home page for ?newsletter=%s, with no sign-up outcome", async (name) => {
    const res = await page(`/?newsletter=${name}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<p id="newsletter-status" role="status" class="form-status"><\/p>/);
  });

  it.each(NAMES)("lists coffee for ?colour=%s as an unknown colour", async (name) => {
    const res = await page(`/c/coffee?colour=${name}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`>${name}<!-- --> <span aria-hidden="true">×</span>`);
  });

  it.each(NAMES)("answers %s as any filter's value, as a query key, and in the API's listing query with less than 500", async (name) => {
    const filters = ["colour", "roast", "flavour", "type", "caffeine", "packType", "packSize", "price", "category", "sort", "notify", "coupon", "site", name];
    for (const key of filters) {
      const res = await page(`/c/coffee?${key}=${name}`);
      expect(res.status, `/c/coffee?${key}=${name}`).toBeLessThan(500);
    }
    expect((await page(`/search?text=${name}&colour=${name}`)).status).toBeLessThan(500);
    expect((await getWithHost(store.url, `/fr/?newsletter=${name}`, "www.brewfront.ca")).status).toBe(200);
    expect((await page(`/Coffee/breakfast-blend/p/5001-SMRG-KC-24?notify=${name}`)).status).toBe(200);
    for (const facet of ["colour", "roast", "type", "caffeine", "flavour", name]) {
      const api = await fetch(`${store.url}/rest/v2/usb2c/c/coffee/categoryData?query=:relevance:${facet}:${name}`);
      expect(api.status, `API facet ${facet}:${name}`).toBeLessThan(500);
    }
  });

  it.each(NAMES)("answers form fields named or valued %s with less than 500", async (name) => {
    for (const path of ["/newsletter", "/notify-me", "/consent", "/cart/add", "/cart/coupon", "/checkout/giftcard", "/login", "/signup"]) {
      for (const fields of [
        { [name]: "x", [`${name}[x]`]: "1", email: "a@example.com" },
        { email: name, productCode: name, choice: name, intent: name, couponCode: name, returnTo: name, inline: "1" },
      ]) {
        const res = await fetch(`${store.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.url },
          body: new URLSearchParams(fields).toString(),
        });
        expect(res.status, `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
      }
    }
  });
});
