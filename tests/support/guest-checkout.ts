import { expect } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { type Checkout, CheckoutSchema } from "../../commerce/contract/checkout";
import type { Db } from "../../commerce/service";
import { type RestAnswer, restCaller } from "./rest";

export { APPROVED_CARD, NY_ADDRESS, randomHex } from "./checkout-data";
import { APPROVED_CARD, NY_ADDRESS, randomHex } from "./checkout-data";

export type ApiAnswer = RestAnswer;

/** A call to the US store's API at `origin` (…/rest/v2/usb2c…), as a guest's token or nobody. */
export function usStoreApi(origin: () => string) {
  const call = restCaller(origin);
  return (method: string, path: string, token?: string, body?: unknown) => call(method, `/usb2c${path}`, token, body);
}

/**
 * A guest's cart of one unit of `productCode` on the US store, with e-mail, a New York address,
 * standard delivery and an approved card: everything up to placing the order, which `place`
 * does with a checkout key (and `extra` fields of the request, such as an affiliate).
 */
export async function guestCheckoutUpToTheCard(
  origin: string,
  guestClient: { id: string; secret: string },
  productCode: string,
): Promise<{ guid: string; checkout: Checkout; place: (checkoutKey: string, extra?: Record<string, unknown>) => Promise<ApiAnswer> }> {
  const call = usStoreApi(() => origin);
  const tokenAnswer = await fetch(`${origin}/authorizationserver/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: guestClient.id, client_secret: guestClient.secret, site: "usb2c" }).toString(),
  });
  const guest = TokenResponseSchema.parse(await tokenAnswer.json()).access_token;
  const guid = CartModificationSchema.parse((await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode, qty: 1 })).body).cartGuid;
  const cart = `/users/anonymous/carts/${guid}`;
  expect((await call("PUT", `${cart}/email`, guest, { email: `guest-${randomHex(6)}@example.com` })).status).toBe(200);
  const withAddress = await call("POST", `${cart}/addresses/delivery`, guest, { address: NY_ADDRESS });
  const standard = CheckoutSchema.parse(withAddress.body).deliveryModes.find((m) => m.code === "standard")!;
  expect((await call("PUT", `${cart}/updateDeliveryDetails`, guest, { deliveryModeId: standard.code, deliveryCost: standard.costMinor })).status).toBe(200);
  expect((await call("POST", `${cart}/paymentdetails`, guest, APPROVED_CARD)).status).toBe(201);
  const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, guest)).body);
  const place = (checkoutKey: string, extra: Record<string, unknown> = {}) =>
    call("POST", `/users/anonymous/orders?cartId=${guid}`, guest, {
      checkoutKey,
      expectedTotal: checkout.totalPriceWithTax.minor,
      expectedAmountDue: checkout.amountDue.minor,
      ...extra,
    });
  return { guid, checkout, place };
}

/** A sellable coffee variant of the demo catalog, its stock raised so a test never runs out. */
export async function plentifulCoffee(db: Db): Promise<string> {
  const product = await db
    .selectFrom("stock")
    .innerJoin("product", "product.code", "stock.product_code")
    .select("stock.product_code")
    .where("product.base_code", "is not", null)
    .where("product.is_bundle", "=", 0)
    .where("stock.level", ">=", 10)
    .orderBy("stock.product_code")
    .executeTakeFirstOrThrow();
  await db.updateTable("stock").set({ level: 10_000 }).where("product_code", "=", product.product_code).execute();
  return product.product_code;
}
