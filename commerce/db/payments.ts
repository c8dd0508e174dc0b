import type { Selectable } from "kysely";
import type { Db } from "./index";
import type { CartPaymentIntentTable, CartPaymentTable, PaymentEventTable, WalletPaymentTable } from "./payment-tables";

export type CartPaymentRow = Selectable<CartPaymentTable>;
export type CartPaymentIntentRow = Selectable<CartPaymentIntentTable>;
export type NewCartPayment = Omit<CartPaymentTable, "id" | "cart_id" | "created_at" | "updated_at">;
export type NewPaymentEvent = Omit<PaymentEventTable, "id">;

export async function findCartPayment(db: Db, cartId: number): Promise<CartPaymentRow | undefined> {
  return db.selectFrom("cart_payment").selectAll().where("cart_id", "=", cartId).executeTakeFirst();
}

/** The cart's card, replacing any card chosen before. */
export async function saveCartPayment(trx: Db, cartId: number, payment: NewCartPayment, now: string): Promise<CartPaymentRow> {
  return trx
    .insertInto("cart_payment")
    .values({ ...payment, cart_id: cartId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("cart_id").doUpdateSet({ ...payment, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCartPaymentBilling(
  trx: Db,
  cartId: number,
  change: Partial<Pick<CartPaymentTable, "holder_name" | "billing_postal_code">>,
  now: string,
): Promise<CartPaymentRow | undefined> {
  return trx
    .updateTable("cart_payment")
    .set({ ...change, updated_at: now })
    .where("cart_id", "=", cartId)
    .returningAll()
    .executeTakeFirst();
}

export async function findCartPaymentIntent(db: Db, cartId: number): Promise<CartPaymentIntentRow | undefined> {
  return db.selectFrom("cart_payment_intent").selectAll().where("cart_id", "=", cartId).executeTakeFirst();
}

export async function saveCartPaymentIntent(
  trx: Db,
  intent: Pick<CartPaymentIntentTable, "cart_id" | "provider" | "reference" | "amount_minor" | "currency">,
  now: string,
): Promise<void> {
  await trx
    .insertInto("cart_payment_intent")
    .values({ ...intent, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column("cart_id").doUpdateSet({ reference: intent.reference, amount_minor: intent.amount_minor, currency: intent.currency, updated_at: now }),
    )
    .execute();
}

export async function insertPaymentEvent(trx: Db, event: NewPaymentEvent): Promise<void> {
  await trx.insertInto("payment_event").values(event).execute();
}

export async function paymentEventsOf(db: Db, cartId: number): Promise<Selectable<PaymentEventTable>[]> {
  return db.selectFrom("payment_event").selectAll().where("cart_id", "=", cartId).orderBy("id").execute();
}

export async function findPaymentCustomer(db: Db, customerId: string, provider: "stripe"): Promise<string | undefined> {
  const row = await db
    .selectFrom("payment_customer")
    .select("reference")
    .where("customer_id", "=", customerId)
    .where("provider", "=", provider)
    .executeTakeFirst();
  return row?.reference;
}

/** Records the customer's provider account; when one is already recorded (a race), that one stays and is answered. */
export async function savePaymentCustomer(trx: Db, customerId: string, provider: "stripe", reference: string, now: string): Promise<string> {
  await trx
    .insertInto("payment_customer")
    .values({ customer_id: customerId, provider, reference, created_at: now })
    .onConflict((oc) => oc.columns(["customer_id", "provider"]).doNothing())
    .execute();
  return (await findPaymentCustomer(trx, customerId, provider)) ?? reference;
}

export async function replacePaymentCustomer(trx: Db, customerId: string, provider: "stripe", reference: string): Promise<void> {
  await trx.updateTable("payment_customer").set({ reference }).where("customer_id", "=", customerId).where("provider", "=", provider).execute();
}

export type WalletPaymentRow = Selectable<WalletPaymentTable>;

/** A wallet's order made for a cart, pending the shopper's approval. */
export async function insertWalletPayment(
  trx: Db,
  payment: Pick<WalletPaymentTable, "cart_id" | "wallet" | "reference" | "total_minor" | "amount_minor" | "currency">,
  now: string,
): Promise<void> {
  await trx
    .insertInto("wallet_payment")
    .values({ ...payment, status: "pending", order_code: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["wallet", "reference"]).doNothing())
    .execute();
}

export function findWalletPayment(db: Db, wallet: "paypal", reference: string): Promise<WalletPaymentRow | undefined> {
  return db.selectFrom("wallet_payment").selectAll().where("wallet", "=", wallet).where("reference", "=", reference).executeTakeFirst();
}

/** Cancelled or ordered; an order placed with it stays ordered whatever comes after. */
export async function markWalletPayment(
  trx: Db,
  id: number,
  change: { status: "cancelled" } | { status: "ordered"; orderCode: string },
  now: string,
): Promise<void> {
  await trx
    .updateTable("wallet_payment")
    .set({ status: change.status, ...(change.status === "ordered" ? { order_code: change.orderCode } : {}), updated_at: now })
    .where("id", "=", id)
    .where("status", "!=", "ordered")
    .execute();
}

/** A wallet payment with the cart it was made for: whose it is, on which site. */
export function findWalletPaymentWithCart(
  db: Db,
  wallet: "paypal",
  reference: string,
): Promise<(WalletPaymentRow & { cart_guid: string; cart_site: string; cart_customer_id: string | null }) | undefined> {
  return db
    .selectFrom("wallet_payment")
    .innerJoin("cart", "cart.id", "wallet_payment.cart_id")
    .selectAll("wallet_payment")
    .select(["cart.guid as cart_guid", "cart.site as cart_site", "cart.customer_id as cart_customer_id"])
    .where("wallet_payment.wallet", "=", wallet)
    .where("wallet_payment.reference", "=", reference)
    .executeTakeFirst();
}
