import { SubscriptionListSchema, type Subscription } from "../../commerce/contract/auto-delivery";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderSchema } from "../../commerce/contract/checkout";
import { randomBytes } from "node:crypto";
import { insertSubscription, type NewSubscription } from "../../commerce/db/auto-delivery";
import type { Db } from "../../commerce/db/index";
import { APPROVED_CARD, NY_ADDRESS, randomHex } from "./checkout-data";

/** Coffee variants sold on the US store (auto-delivery takes them), in code order; with `minStock`, only those holding more. */
export async function usCoffees(db: Db, count: number, minStock = 0): Promise<string[]> {
  const rows = await db
    .selectFrom("product")
    .innerJoin("stock", "stock.product_code", "product.code")
    .innerJoin("product_site", "product_site.product_code", "product.code")
    .select("product.code")
    .where("product.product_type", "=", "Coffee")
    .where("product.base_code", "is not", null)
    .where("product.is_bundle", "=", 0)
    .where("product_site.site", "=", "usb2c")
    .where("stock.level", ">", minStock)
    .orderBy("product.code")
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`only ${rows.length} of ${count} coffees sold on the US store`);
  return rows.map((r) => r.code);
}

/**
 * A subscription made as a customer makes one: an auto-delivery (ADC) line in the cart, a New
 * York address, standard delivery, an approved card, and the order placed with a frequency. Used
 * by the integration tests and the Playwright specs alike (no test runner's `expect` here: a step
 * that fails throws with the API's answer).
 */
export async function subscribeThroughCheckout(
  origin: string,
  token: string,
  options: {
    productCode: string;
    frequencyWeeks: number;
    qty?: number;
    site?: string;
    /** Another card expiry, say one ending soon (decision 075). */
    card?: Partial<typeof APPROVED_CARD>;
    /** Another delivery address (the Canadian store's, say). */
    address?: typeof NY_ADDRESS;
  },
): Promise<{ subscription: Subscription; orderCode: string }> {
  const base = `${origin}/rest/v2/${options.site ?? "usb2c"}/users/current`;
  const call = async (method: string, path: string, body?: unknown, expected = 200) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as unknown;
  };
  const added = CartModificationSchema.parse(
    await call("POST", "/addProductToAdCart", { productCode: options.productCode, qty: options.qty ?? 2, entryType: "ADC", podsAtHomeQty: 4 }),
  );
  const cart = `/carts/${added.cartGuid}`;
  const withAddress = CheckoutSchema.parse(await call("POST", `${cart}/addresses/delivery`, { address: options.address ?? NY_ADDRESS }));
  const standard = withAddress.deliveryModes.find((m) => m.code === "standard")!;
  await call("PUT", `${cart}/updateDeliveryDetails`, { deliveryModeId: standard.code, deliveryCost: standard.costMinor });
  await call("POST", `${cart}/paymentdetails`, { ...APPROVED_CARD, ...options.card }, 201);
  const checkout = CheckoutSchema.parse(await call("GET", `${cart}/checkout`));
  const order = OrderSchema.parse(
    await call(
      "POST",
      `/orders?cartId=${added.cartGuid}`,
      { checkoutKey: randomHex(32), expectedTotal: checkout.totalPriceWithTax.minor, adFrequencyWeeks: options.frequencyWeeks },
      201,
    ),
  );
  const { subscriptions } = SubscriptionListSchema.parse(await call("GET", "/fetchAllActiveSubscriptions"));
  const subscription = subscriptions.find((s) => s.firstOrderCode === order.code);
  if (!subscription) throw new Error(`order ${order.code} started no subscription`);
  return { subscription, orderCode: order.code };
}

/**
 * A running US auto-delivery of the customer's, written straight to the database, keeping `card`
 * (brand visa) and shipping standard to New York; `change` sets any other column.
 */
export function insertCardSubscription(
  db: Db,
  customerId: string,
  card: { last4: string; expMonth: number; expYear: number },
  change: Partial<NewSubscription> = {},
) {
  const at = new Date().toISOString();
  return insertSubscription(
    db,
    {
      code: `AD${(randomBytes(4).readUInt32BE() % 90_000_000) + 10_000_000}`,
      site: "usb2c",
      customer_id: customerId,
      lang: "en",
      currency: "USD",
      ad_type: "ADC",
      status: "active",
      frequency_weeks: 4,
      next_delivery_date: "2099-01-05",
      delivery_address: JSON.stringify(NY_ADDRESS),
      delivery_mode: "standard",
      card: JSON.stringify({ provider: "test", token: "tok", brand: "visa", ...card }),
      out_of_stock: "skip",
      first_order_code: `0000${randomHex(8)}`,
      created_at: at,
      updated_at: at,
      ...change,
    },
    [],
  );
}
