import type { Generated } from "kysely";

/** A customer's auto-delivery subscription (decision 053). */
export interface SubscriptionTable {
  id: Generated<number>;
  /** What customers and agents name it by (the spec's jobCode). */
  code: string;
  site: string;
  customer_id: string;
  lang: string;
  currency: string;
  ad_type: "ADC" | "ADCF" | "ADF";
  status: "active" | "paused" | "cancelled";
  frequency_weeks: number;
  /** YYYY-MM-DD. */
  next_delivery_date: string;
  /** JSON of the delivery address. */
  delivery_address: string;
  delivery_mode: string;
  /** JSON of the stored card (provider token, brand, last four, expiry). */
  card: string;
  out_of_stock: "skip" | "replace";
  first_order_code: string;
  cancel_reason: string | null;
  payment_failures: Generated<number>;
  retry_at: string | null;
  claimed_until: string | null;
  reminded_for: string | null;
  created_at: string;
  updated_at: string;
  /** autoDelivery (decision 053) or monthlyBox (decision 062); migration 021. */
  kind: Generated<"autoDelivery" | "monthlyBox">;
  /** The monthly box it is, or the brewer campaign whose commitment it carries (decision 064). */
  campaign_id: number | null;
}

export interface SubscriptionItemTable {
  id: Generated<number>;
  subscription_id: number;
  product_code: string;
  quantity: number;
  pods_at_home_qty: number | null;
  replacement_code: string | null;
  /** 1: for the next delivery only. */
  next_only: number;
  created_at: string;
}

/** A monthly box subscription's picks for one month (decision 064). */
export interface MonthlyBoxPickTable {
  subscription_id: number;
  /** YYYY-MM. */
  month: string;
  product_code: string;
  /** K-Cup boxes of the box's pack size. */
  quantity: number;
  updated_at: string;
}

/** One delivery of a subscription: unique per subscription and date. */
export interface SubscriptionOrderTable {
  id: Generated<number>;
  subscription_id: number;
  delivery_date: string;
  status: "pending" | "placed" | "skipped";
  cart_id: number | null;
  order_code: string | null;
  attempts: Generated<number>;
  note: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** The store clock's one row: how far ahead of the system's time it runs (decision 055). */
export interface StoreClockTable {
  id: number;
  offset_seconds: number;
  updated_at: string;
}

export interface AutoDeliveryTables {
  store_clock: StoreClockTable;
  subscription: SubscriptionTable;
  subscription_item: SubscriptionItemTable;
  subscription_order: SubscriptionOrderTable;
  monthly_box_pick: MonthlyBoxPickTable;
}
