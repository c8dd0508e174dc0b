import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { loadCommerceConfig } from "../commerce/config";
import { DeliveryAddressSchema } from "../commerce/contract/checkout";
import { insertSubscription } from "../commerce/db/auto-delivery";
import { MovableClock, dayOf } from "../commerce/domain/clock";
import { paymentProviderFor } from "../commerce/domain/payments/index";
import { migrateDatabase, openDatabase, seedDatabase, shopFromConfig } from "../commerce/service";

/**
 * The auto-delivery runner's throughput, for `npm run bench` (which bundles and starts it): on a
 * fresh database with the demo catalog (DATABASE_URL), RUNNER_SUBSCRIPTIONS subscriptions of a demo
 * customer, each one box of coffee, all due today; then one process sweeps (placeDue, as the job
 * runner calls it) until none is due. Prints one JSON line: how many orders, how long, orders per second.
 */
const count = Number(process.env.RUNNER_SUBSCRIPTIONS ?? 500);
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-runner-outbox-"));
const config = loadCommerceConfig({ ...process.env, MAIL_OUTBOX_DIR: outbox });
const db = openDatabase(config);
await migrateDatabase(db);
await seedDatabase(db, config);

const clock = new MovableClock(new Date("2026-12-01T15:00:00Z"));
const at = clock.current().toISOString();
const payments = paymentProviderFor(config.payments);
const customer = await db.selectFrom("customer").select(["id", "email"]).where("email", "=", "demo.customer@example.com").executeTakeFirstOrThrow();
const coffee = await db
  .selectFrom("product")
  .innerJoin("stock", "stock.product_code", "product.code")
  .innerJoin("product_site", "product_site.product_code", "product.code")
  .select("product.code")
  .where("product.product_type", "=", "Coffee")
  .where("product.base_code", "is not", null)
  .where("product.is_bundle", "=", 0)
  .where("product_site.site", "=", "usb2c")
  .orderBy("product.code")
  .executeTakeFirstOrThrow();
await db.updateTable("stock").set({ level: 1_000_000 }).where("product_code", "=", coffee.code).execute();
const tokenized = await payments.tokenizeCard(
  { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "Ada Lovelace" },
  { currency: "USD" },
);
if (!tokenized.ok) throw new Error(`the test gateway refused the bench's card: ${tokenized.message}`);
const card = {
  provider: payments.name,
  token: tokenized.token,
  brand: tokenized.brand,
  last4: tokenized.last4,
  expMonth: tokenized.expMonth,
  expYear: tokenized.expYear,
};
const address = DeliveryAddressSchema.parse({
  firstName: "Ada",
  lastName: "Lovelace",
  line1: "1 Main St",
  town: "Albany",
  region: "NY",
  postalCode: "12207",
  country: "US",
});

const item = { product_code: coffee.code, quantity: 1, pods_at_home_qty: null, replacement_code: null, next_only: 0, created_at: at };
for (let i = 0; i < count; i++) {
  await insertSubscription(
    db,
    {
      code: `AD${String(60_000_000 + i)}`,
      site: "usb2c",
      customer_id: customer.id,
      lang: "en",
      currency: "USD",
      ad_type: "ADC",
      status: "active",
      frequency_weeks: 4,
      next_delivery_date: dayOf(clock.current()),
      delivery_address: JSON.stringify(address),
      delivery_mode: "standard",
      card: JSON.stringify(card),
      out_of_stock: "skip",
      first_order_code: "bench",
      created_at: at,
      updated_at: at,
    },
    [item],
  );
}

const shop = shopFromConfig(db, config, pino({ level: "silent" }), { clock });
const started = performance.now();
const outcomes = [];
for (;;) {
  const swept = await shop.autoDeliveryOrders.placeDue();
  if (swept.length === 0) break;
  outcomes.push(...swept);
}
const seconds = (performance.now() - started) / 1000;
const orders = outcomes.filter((o) => o === "placed").length;
console.log(JSON.stringify({ subscriptions: count, orders, otherOutcomes: outcomes.length - orders, seconds, ordersPerSecond: orders / seconds }));
await db.destroy();
fs.rmSync(outbox, { recursive: true, force: true });
process.exit(0);
