import type { ColumnType, Generated } from "kysely";
import type { AutoDeliveryTables } from "./auto-delivery-tables";
import type { CampaignTables } from "./campaign-tables";
import type { LoyaltyTables } from "./loyalty-tables";
import type { PaymentTables } from "./payment-tables";
import type { ReferralTables } from "./referral-tables";
import type { DesignTables } from "./design-tables";
import type { RegistrationTables } from "./registration-tables";
import type { SiteNoticeTables } from "./site-notice-tables";

/** Table shapes as Kysely sees them. Money columns hold integer minor units. */
export interface ProductTable {
  code: string;
  base_code: string | null;
  brand_code: string;
  brand_name: string;
  product_type: string;
  series: string | null;
  pack_type: string | null;
  pack_size: number | null;
  color: string | null;
  roast: string | null;
  flavor: string | null;
  caffeine: string | null;
  default_variant: number;
  is_bundle: number;
  bundle_marker: number;
  flags: string;
  sales_rank: number;
  created_at: string;
  /** Which orders the variant's sale price reaches (decision 053): ALL, OTP, AD_PARENT_OTP or AD_RECURRING_OTP; the column defaults to ALL. */
  sales_price_strategy?: string;
}

export interface ProductTextTable {
  product_code: string;
  lang: string;
  name: string;
  summary: string;
  description: string;
  slug: string;
  badge: string | null;
}

export interface ProductSiteTable {
  product_code: string;
  site: string;
}

export interface PriceTable {
  product_code: string;
  currency: string;
  user_group: string;
  kind: string;
  value: number;
}

/** An operator's change of a variant's list and sale prices in one currency (migration 029). */
export interface PriceChangeTable {
  id: Generated<number>;
  product_code: string;
  currency: string;
  list_before: number;
  list_after: number;
  sale_before: number | null;
  sale_after: number | null;
  changed_at: string;
  /** The operator's client address. */
  changed_by: string;
}

export interface StockTable {
  product_code: string;
  level: number;
}

export interface CategoryTable {
  code: string;
  parent_code: string | null;
  slug: string;
  position: number;
}

export interface CategoryTextTable {
  category_code: string;
  lang: string;
  name: string;
}

export interface CategorySiteTable {
  category_code: string;
  site: string;
}

export interface ProductCategoryTable {
  product_code: string;
  category_code: string;
}

export interface ClassificationTable {
  product_code: string;
  lang: string;
  feature_code: string;
  feature_name: string;
  value: string;
  position: number;
}

export interface BundleComponentTable {
  bundle_code: string;
  product_code: string;
  quantity: number;
  position: number;
}

export interface MediaTable {
  product_code: string;
  position: number;
  image_name: string;
  media_type: string;
  video_ref: string | null;
}

export interface CmsPageTable {
  site: string;
  lang: string;
  label: string;
  template: string;
  title: string;
  description: string;
  slots: string;
}

export interface CmsComponentTable {
  site: string;
  lang: string;
  uid: string;
  type_code: string;
  data: string;
}

export interface SiteConfigTable {
  site: string;
  config_key: string;
  value: string;
}

export interface NewsletterSubscriptionTable {
  id: Generated<number>;
  site: string;
  email: string;
  lang: string;
  created_at: string;
  /** Double opt-in: the pending token's SHA-256 hash, when it expires, when it was last mailed. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  confirm_sent_at: string | null;
  confirmed_at: string | null;
}

export interface ListingTable {
  id: Generated<number>;
  base_code: string;
  product_type: string;
  brand_name: string;
  roast: string | null;
  flavor: string | null;
  caffeine: string | null;
  series: string | null;
  /** Comma-separated lists: the family's categories, pack types, pack sizes and colours. */
  categories: string;
  pack_types: string;
  pack_sizes: string;
  colors: string;
  name_en: string;
  name_fr: string;
  sales_rank: number;
  created_at: string;
}

export interface ListingOfferTable {
  listing_id: number;
  site: string;
  min_price: number;
  in_stock: number;
}

export interface ListingChangeTable {
  id: Generated<number>;
  listing_id: number;
}

export interface KeywordRedirectTable {
  site: string;
  lang: string;
  keyword: string;
  target: string;
}

export interface StockAlertTable {
  id: Generated<number>;
  site: string;
  lang: string;
  product_code: string;
  email: string;
  created_at: string;
  notified_at: string | null;
  /** Double opt-in: the pending token's SHA-256 hash, when it expires, when it was last mailed. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  confirm_sent_at: string | null;
  confirmed_at: string | null;
}

export interface OutboxMessageTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  /** The message's text and HTML parts as JSON. */
  body: string;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A worker sending it holds it until then; past it, another worker may take it over. */
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}

/**
 * An authorisation asked of the payment provider for a checkout: recorded before it is asked,
 * `used` by the order's transaction, `voided` (released) otherwise.
 */
export interface PaymentAttemptTable {
  id: Generated<number>;
  site: string;
  cart_id: number;
  checkout_key: string;
  amount_minor: number;
  currency: string;
  provider: string;
  card_token: string;
  idempotency_key: string;
  order_code: string;
  description: string;
  status: PaymentAttemptStatus;
  /** The provider's reference of the hold, once it answered. */
  reference: string | null;
  /** A process releasing it holds it until then. */
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
}

export type PaymentAttemptStatus = "authorizing" | "authorized" | "declined" | "used" | "voiding" | "voided";

/** A job of the SQLite job runner (commerce/domain/job-runner.ts). */
export interface JobTable {
  id: Generated<number>;
  queue: string;
  /** The job's data as JSON. */
  payload: string;
  singleton_key: string | null;
  run_at: string;
  /** Runs started so far, the current one included. */
  attempts: Generated<number>;
  max_attempts: number;
  /** A process running it holds it until then; past it, another process may take it over. */
  claimed_until: string | null;
  completed_at: string | null;
  failed_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface CustomerTable {
  /** A random uid; the id the API shows. */
  id: string;
  site: string;
  /** Lower-cased. */
  email: string;
  /** argon2id, in its PHC string form (parameters included). */
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: "customer" | "agent";
  is_employee: number;
  perks_member: number;
  price_group: string;
  user_group: string;
  status: "active" | "pending";
  created_at: string;
}

export interface CustomerAddressTable {
  id: string;
  customer_id: string;
  first_name: string;
  last_name: string;
  line1: string;
  line2: string | null;
  town: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string | null;
  is_default: number;
  created_at: string;
}

export interface RefreshFamilyTable {
  id: string;
  customer_id: string;
  site: string;
  client_id: string;
  created_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RefreshTokenTable {
  id: string;
  family_id: string;
  /** SHA-256 of the token's value; the value itself is never stored. */
  token_hash: string;
  issued_at: string;
  expires_at: string;
  rotated_at: string | null;
  successor_id: string | null;
}

export interface CustomerTokenTable {
  token_hash: string;
  customer_id: string;
  purpose: "signup" | "reset";
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AgentAuditTable {
  id: Generated<number>;
  site: string;
  agent_id: string;
  customer_id: string;
  action: string;
  detail: string;
  /** JSON `[{"code":…,"qty":…}]` of the products the entry concerns, or "" (migration 016). */
  products: string;
  correlation_id: string;
  created_at: string;
}

/** An agent acting for a customer, for the agent's sign-in that started it; the row is the open session. */
export interface AssistedSessionTable {
  agent_id: string;
  customer_id: string;
  /** The agent's refresh family (sign-in) the session belongs to. */
  family_id: string;
  started_at: string;
}

export interface CartTable {
  id: Generated<number>;
  /** 32 random hex characters: the only key to an anonymous cart. */
  guid: string;
  /** Shown to shoppers and customer service; never used to find a cart. */
  code: string;
  site: string;
  /** Null: an anonymous shopper's cart. */
  customer_id: string | null;
  currency: string;
  status: "open" | "merged" | "ordered";
  created_at: string;
  updated_at: string;
}

export interface CartEntryTable {
  id: Generated<number>;
  cart_id: number;
  entry_number: number;
  product_code: string;
  quantity: number;
  entry_type: "STD" | "ADC" | "ADCF" | "ADF";
  pods_at_home_qty: number | null;
  created_at: string;
  updated_at: string;
  /** The campaign the entry is sold in (decision 064); null for an ordinary entry. */
  campaign_id: number | null;
  /** brewer (at its campaign price), box (the commitment's first delivery) or pick (a monthly box's). */
  campaign_role: "brewer" | "box" | "pick" | null;
  /** A campaign bundle's box: the auto-delivery frequency chosen with it (migration 022, decision 065). */
  frequency_weeks: number | null;
  /** JSON of the drink design the pods were added for (migration 026, decision 073); null for an ordinary line. */
  recipe: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CartCheckoutTable {
  cart_id: number;
  email: string | null;
  /** JSON of the chosen address (see commerce/db/orders.ts). */
  delivery_address: string | null;
  delivery_mode: string | null;
  contact_no: string | null;
  /** 1: a guest asked to join perks with this order. */
  perks_join: number;
  updated_at: string;
}

export interface ShopOrderTable {
  id: Generated<number>;
  code: string;
  site: string;
  lang: string;
  currency: string;
  cart_id: number;
  cart_guid: string;
  customer_id: string | null;
  email: string;
  status: string;
  checkout_key: string;
  subtotal_minor: number;
  discount_minor: number;
  delivery_minor: number;
  tax_minor: number;
  total_minor: number;
  gift_card_minor: number;
  card_minor: number;
  delivery_address: string;
  delivery_mode: string;
  delivery_mode_name: string;
  delivery_earliest: string;
  delivery_latest: string;
  contact_no: string | null;
  /** JSON snapshots: tax lines, discounts and gift cards as charged. */
  tax_lines: string;
  discounts: string;
  gift_cards: string;
  payment_provider: string | null;
  payment_reference: string | null;
  payment_brand: string | null;
  payment_last4: string | null;
  payment_expiry: string | null;
  /** When the card's hold was captured; null while it waits (or for an order without a card). */
  payment_captured_at: Generated<string | null>;
  capture_attempts: Generated<number>;
  /** A process capturing it holds it until then. */
  capture_claimed_until: Generated<string | null>;
  /** 1: a guest joined perks with this order; its points are credited when the account is made. */
  perks_join: number;
  /** The affiliate the shopper came through (ranMID, ranSiteID); null: none. */
  affiliate_merchant_id: string | null;
  affiliate_site_id: string | null;
  created_at: string;
}

export interface ShopOrderEntryTable {
  id: Generated<number>;
  order_id: number;
  entry_number: number;
  product_code: string;
  product_name: string;
  product_url: string;
  pack_label: string | null;
  entry_type: string;
  quantity: number;
  unit_minor: number;
  total_minor: number;
  /** JSON of the drink design, copied from the cart line at checkout (decision 073). */
  recipe: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GiftCardTable {
  id: Generated<number>;
  site: string;
  /** 16 digits, unique per site. */
  number: string;
  /** SHA-256 (hex) of number and PIN; compared in constant time. */
  pin_hash: string;
  currency: string;
  /** Minor units, never below zero. */
  balance: number;
  status: "active" | "blocked";
  /** Null: the card does not expire. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CartGiftCardTable {
  id: Generated<number>;
  cart_id: number;
  gift_card_id: number;
  /** Minor units the shopper chose to use; null: as much as the order needs. */
  amount: number | null;
  created_at: string;
}

export interface GiftCardChargeTable {
  id: Generated<number>;
  gift_card_id: number;
  order_code: string;
  amount: number;
  created_at: string;
}

export interface CouponTable {
  id: Generated<number>;
  site: string;
  /** Upper-case: lookups upper-case what the shopper typed. */
  code: string;
  description_en: string;
  description_fr: string;
  kind: "percentage" | "fixed";
  /** Whole percent for a percentage coupon, minor units for a fixed one. */
  value: number;
  /** Minor units of cart subtotal needed before the coupon applies. */
  minimum_spend: number;
  scope: "order" | "categories" | "products";
  /** Comma-separated category or product codes for a scoped coupon; empty for an order coupon. */
  scope_codes: string;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
  created_at: string;
  /** Only this customer may use it (a welcome coupon, decision 070); null: anyone. */
  customer_id: string | null;
  /** 1: only a shopper's first order may use it (a referral's coupon, decision 074). */
  first_order_only: Generated<number>;
}

export interface CartCouponTable {
  cart_id: number;
  coupon_id: number;
  applied_at: string;
}

export interface CouponRedemptionTable {
  id: Generated<number>;
  coupon_id: number;
  order_code: string;
  customer_id: string | null;
  email: string;
  redeemed_at: string;
}

/** Payments', perks', auto-delivery's, campaigns' and brewer registration's tables are declared with their queries' neighbours (payment-tables.ts, loyalty-tables.ts). */
export interface Database
  extends PaymentTables, LoyaltyTables, AutoDeliveryTables, CampaignTables, RegistrationTables, ReferralTables, DesignTables, SiteNoticeTables {
  product: ProductTable;
  product_text: ProductTextTable;
  product_site: ProductSiteTable;
  price: PriceTable;
  stock: StockTable;
  category: CategoryTable;
  category_text: CategoryTextTable;
  category_site: CategorySiteTable;
  product_category: ProductCategoryTable;
  classification: ClassificationTable;
  bundle_component: BundleComponentTable;
  media: MediaTable;
  cms_page: CmsPageTable;
  cms_component: CmsComponentTable;
  site_config: SiteConfigTable;
  newsletter_subscription: NewsletterSubscriptionTable;
  listing: ListingTable;
  listing_offer: ListingOfferTable;
  listing_change: ListingChangeTable;
  keyword_redirect: KeywordRedirectTable;
  stock_alert: StockAlertTable;
  outbox_message: OutboxMessageTable;
  price_change: PriceChangeTable;
  job: JobTable;
  payment_attempt: PaymentAttemptTable;
  customer: CustomerTable;
  customer_address: CustomerAddressTable;
  refresh_family: RefreshFamilyTable;
  refresh_token: RefreshTokenTable;
  customer_token: CustomerTokenTable;
  agent_audit: AgentAuditTable;
  assisted_session: AssistedSessionTable;
  cart: CartTable;
  cart_entry: CartEntryTable;
  cart_checkout: CartCheckoutTable;
  shop_order: ShopOrderTable;
  shop_order_entry: ShopOrderEntryTable;
  gift_card: GiftCardTable;
  cart_gift_card: CartGiftCardTable;
  gift_card_charge: GiftCardChargeTable;
  coupon: CouponTable;
  cart_coupon: CartCouponTable;
  coupon_redemption: CouponRedemptionTable;
}
