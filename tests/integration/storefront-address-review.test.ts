import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressVerification } from "../../commerce/contract/address-service";
import { cookiesFrom, postForm, type RunningStore, startStore } from "../support/server";

/**
 * Checkout's address check through the built storefront with a verifier of its own at
 * ADDRESS_VERIFICATION_URL (decision 081), as a browser without JavaScript sees it: the
 * suggestion asked about, and a verifier that fails or is slow never stopping the order.
 */
const VERIFIER_PORT = 3423;
const VERIFIER_KEY = "a-key-for-the-outside-verifier";

type Mode = { kind: "answer"; verdict: AddressVerification } | { kind: "fail" } | { kind: "hang" };
let mode: Mode = { kind: "fail" };
const asked: { path: string; key: string | undefined; body: unknown }[] = [];
const verifier = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    asked.push({ path: req.url ?? "", key: req.headers["x-api-key"] as string | undefined, body: JSON.parse(body || "null") as unknown });
    if (mode.kind === "hang") return;
    if (mode.kind === "fail") {
      res.writeHead(500).end();
      return;
    }
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(mode.verdict));
  });
});

let store: RunningStore;

beforeAll(async () => {
  await new Promise<void>((resolve) => verifier.listen(VERIFIER_PORT, "127.0.0.1", resolve));
  store = await startStore({
    env: {
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
      ADDRESS_VERIFICATION_URL: `http://127.0.0.1:${VERIFIER_PORT}/addresses/v2`,
      ADDRESS_SERVICE_API_KEY: VERIFIER_KEY,
    },
  });
}, 90_000);

afterAll(async () => {
  await store?.stop();
  verifier.closeAllConnections();
  await new Promise((r) => verifier.close(r));
});

const page = async (path: string, cookie: string) => (await fetch(`${store.url}${path}`, { headers: { Cookie: cookie } })).text();

/** The addresses a page shows, as a reader reads them: "Ada Lovelace / 12 Main St / Albany, NY 12207". */
const addressesOn = (html: string) =>
  [...html.matchAll(/<address>(.*?)<\/address>/gs)].map((m) =>
    m[1]!
      .replace(/<!--.*?-->/g, "")
      .split(/<br\/?>/)
      .map((part) => part.replace(/<[^>]+>/g, "").trim())
      .join(" / "),
  );

/** A guest's cart of one coffee with their e-mail saved: the checkout's address section is next. */
async function guestAtTheAddress(): Promise<string> {
  const added = await postForm(store, "/cart/add", { productCode: "5001-SMRG-KC-24", qty: "1", returnTo: "/cart" });
  expect(added.status).toBe(303);
  let cookie = cookiesFrom(added);
  const email = await postForm(store, "/checkout/singlestep", { intent: "email", email: `review-${Date.now().toString(36)}@example.com` }, cookie);
  expect(email.status).toBe(303);
  cookie = cookiesFrom(email, cookie);
  return cookie;
}

const TYPED = { intent: "address", firstName: "Ada", lastName: "Lovelace", line1: "12 main street", town: "Albany", region: "NY", postalCode: "12207" };

describe("a verifier reached by ADDRESS_VERIFICATION_URL", () => {
  it("is asked with the store's key; its suggestion waits beside the typed address, and the suggested one is kept when chosen", async () => {
    mode = {
      kind: "answer",
      verdict: {
        verdict: "corrected",
        suggestion: { line1: "12 Main St", town: "Albany", region: "NY", postalCode: "12207-0001", country: "US" },
        reasons: ["streetSuffix"],
      },
    };
    asked.length = 0;
    let cookie = await guestAtTheAddress();
    const typed = await postForm(store, "/checkout/singlestep", TYPED, cookie);
    expect(typed.status).toBe(303);
    expect(typed.headers.get("location")).toBe("/checkout/singlestep#address-review");
    cookie = cookiesFrom(typed, cookie);
    expect(asked).toEqual([
      { path: "/addresses/v2/verify", key: VERIFIER_KEY, body: { line1: "12 main street", town: "Albany", region: "NY", postalCode: "12207", country: "US" } },
    ]);

    const review = await page("/checkout/singlestep", cookie);
    expect(review).toContain('id="address-review"');
    expect(review).toContain("Check your delivery address");
    expect(review).not.toContain('class="checkout-section__chosen"');
    expect(review).toContain("The street type is abbreviated (Street → St).");
    expect(addressesOn(review)).toEqual(["Ada Lovelace / 12 Main St / Albany, NY 12207-0001", "Ada Lovelace / 12 main street / Albany, NY 12207"]);
    expect(review).toContain('name="choice" value="suggested"');

    const chosen = await postForm(store, "/checkout/singlestep", { intent: "addressChoice", choice: "suggested" }, cookie);
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("location")).toBe("/checkout/singlestep#delivery-mode");
    const after = await page("/checkout/singlestep", cookiesFrom(chosen, cookie));
    expect(after).toContain('class="checkout-section__chosen"');
    expect(addressesOn(after)).toEqual(["Ada Lovelace / 12 Main St / Albany, NY 12207-0001"]);
    expect(after).not.toContain('id="address-review"');
  });

  it("that fails never stops the order: the address is kept as typed, and the failure logged", async () => {
    mode = { kind: "fail" };
    const cookie = await guestAtTheAddress();
    const logged = store.logs().length;
    const typed = await postForm(store, "/checkout/singlestep", TYPED, cookie);
    expect(typed.status).toBe(303);
    expect(typed.headers.get("location")).toBe("/checkout/singlestep#delivery-mode");
    expect(addressesOn(await page("/checkout/singlestep", cookiesFrom(typed, cookie)))).toEqual(["Ada Lovelace / 12 main street / Albany, NY 12207"]);
    await store.waitForLog((line) => line.includes("address verification unavailable"), { after: logged });
  });

  it("that does not answer is waited for 5 seconds at most", async () => {
    mode = { kind: "hang" };
    const cookie = await guestAtTheAddress();
    const started = Date.now();
    const typed = await postForm(store, "/checkout/singlestep", TYPED, cookie);
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(typed.headers.get("location")).toBe("/checkout/singlestep#delivery-mode");
    expect(addressesOn(await page("/checkout/singlestep", cookiesFrom(typed, cookie)))).toEqual(["Ada Lovelace / 12 main street / Albany, NY 12207"]);
  }, 20_000);
});

describe("the shopper's answer", () => {
  it("with nothing waiting (a second click, another tab) goes back to the address section, and a choice out of shape is a 400", async () => {
    const cookie = await guestAtTheAddress();
    const late = await postForm(store, "/checkout/singlestep", { intent: "addressChoice", choice: "entered" }, cookie);
    expect(late.status).toBe(303);
    expect(late.headers.get("location")).toBe("/checkout/singlestep#delivery-address");
    const odd = await postForm(store, "/checkout/singlestep", { intent: "addressChoice", choice: "both" }, cookie);
    expect(odd.status).toBe(400);
  });
});
