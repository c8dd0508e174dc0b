// Placing orders, for the benchmark. An order can be placed once per cart, so a repeated request
// would measure only the "already placed" answer: instead `readyOrders` prepares one guest cart per
// order through the store's own API (add, e-mail, address, delivery, card), and `placeEach` sends
// each order once, `conns` at a time, timing every answer.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";

const ADDRESS = { firstName: "Bench", lastName: "Shopper", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };
const CARD = { cardNumber: "4242424242424242", expiryMonth: 12, expiryYear: 2035, cvc: "123", accountHolderName: "Bench Shopper", billingPostalCode: "12207" };

/** The guest client's secret as the store derives it when GUEST_CLIENT_SECRET is unset. */
export function guestSecretFor(tokenSecret) {
  return createHash("sha256").update(`guest client|${tokenSecret}`).digest("base64url");
}

async function api(base, method, path, body, token) {
  const res = await fetch(`${base}/rest/v2/usb2c${path}`, {
    method,
    headers: { ...(body ? { "Content-Type": "application/json" } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`bench: ${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * `count` guest carts ready to order, each holding one unit of one of the store's coffees (taken in
 * turn, so no product runs out); answers the requests that place them.
 */
export async function readyOrders(base, { count, tokenSecret }) {
  const search = await fetch(`${base}/rest/v2/usb2c/products/search?query=coffee&pageSize=40`);
  let candidates = (await search.json()).products.filter((p) => p.stock?.stockLevelStatus === "inStock").map((p) => p.code);
  const tokenRes = await fetch(`${base}/authorizationserver/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: "storefront-guest",
      client_secret: guestSecretFor(tokenSecret),
      site: "usb2c",
    }).toString(),
  });
  if (!tokenRes.ok) throw new Error(`bench: guest token answered ${tokenRes.status}`);
  const { access_token: token } = await tokenRes.json();
  const orders = [];
  for (let i = 0; orders.length < count; i++) {
    if (candidates.length === 0) throw new Error("bench: no coffee left to order");
    const productCode = candidates[i % candidates.length];
    const added = await fetch(`${base}/rest/v2/usb2c/users/anonymous/addProductToCart`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ productCode, qty: 1 }),
    });
    // A base product (sizes to choose from) or one sold out meanwhile: order the others.
    if (!added.ok) {
      candidates = candidates.filter((c) => c !== productCode);
      continue;
    }
    const { cartGuid } = await added.json();
    const cart = `/users/anonymous/carts/${cartGuid}`;
    await api(base, "PUT", `${cart}/email`, { email: `bench-${i}@example.com` }, token);
    const withAddress = await api(base, "POST", `${cart}/addresses/delivery`, { address: ADDRESS }, token);
    const mode = withAddress.deliveryModes[0];
    await api(base, "PUT", `${cart}/updateDeliveryDetails`, { deliveryModeId: mode.code, deliveryCost: mode.costMinor }, token);
    await api(base, "POST", `${cart}/paymentdetails`, CARD, token);
    const ready = await api(base, "GET", `${cart}/checkout`, undefined, token);
    orders.push({
      path: `/rest/v2/usb2c/users/anonymous/orders?cartId=${cartGuid}`,
      token,
      body: JSON.stringify({
        checkoutKey: randomBytes(16).toString("hex"),
        expectedTotal: ready.totalPriceWithTax.minor,
        expectedAmountDue: ready.amountDue.minor,
      }),
    });
  }
  return orders;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function timedPost(base, order) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      base + order.path,
      { method: "POST", agent, headers: { "Content-Type": "application/json", Authorization: `Bearer ${order.token}` } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(order.body);
  });
}

/** Sends every order once, `conns` at a time; answers each one's status and milliseconds. */
export async function placeEach(base, orders, conns) {
  const rows = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(conns, orders.length) }, async () => {
      while (next < orders.length) rows.push(await timedPost(base, orders[next++]));
    }),
  );
  return rows;
}
