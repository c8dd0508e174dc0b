import type { Generated } from "kysely";

/** The card chosen for a cart: the provider's token and what may be shown again, never the number or the code. */
export interface CartPaymentTable {
  id: Generated<number>;
  cart_id: number;
  provider: "test-gateway" | "stripe";
  /** The provider's reusable reference (tok_test_…, pm_…); worthless without the provider's keys. */
  token: string;
  brand: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  holder_name: string;
  billing_postal_code: string;
  created_at: string;
  updated_at: string;
}

/** A Stripe payment intent made for a cart (wallets finish it on the page). */
export interface CartPaymentIntentTable {
  id: Generated<number>;
  cart_id: number;
  provider: "stripe";
  reference: string;
  amount_minor: number;
  currency: string;
  created_at: string;
  updated_at: string;
}

/** What happened with a digital wallet on the page: the shopper closed it, or it reported an error. */
export interface PaymentEventTable {
  id: Generated<number>;
  cart_id: number;
  kind: "walletCancelled" | "walletError";
  wallet: string | null;
  code: string | null;
  message: string;
  at: string;
}

/** A customer's account at a payment provider (Stripe's cus_…). */
export interface PaymentCustomerTable {
  customer_id: string;
  provider: "stripe";
  reference: string;
  created_at: string;
}

/** A PayPal order made for a cart (decision 082): pending until the shopper approves (ordered) or comes back without (cancelled). */
export interface WalletPaymentTable {
  id: Generated<number>;
  cart_id: number;
  wallet: "paypal";
  /** PayPal's order id. */
  reference: string;
  /** The cart's total and the amount PayPal pays (the total less gift cards) when the order was made. */
  total_minor: number;
  amount_minor: number;
  currency: string;
  status: "pending" | "cancelled" | "ordered";
  order_code: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentTables {
  wallet_payment: WalletPaymentTable;
  cart_payment: CartPaymentTable;
  cart_payment_intent: CartPaymentIntentTable;
  payment_event: PaymentEventTable;
  payment_customer: PaymentCustomerTable;
}
