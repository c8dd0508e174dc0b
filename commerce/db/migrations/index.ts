import type { Migration, MigrationProvider } from "kysely";
import * as m001 from "./001_catalog_and_content";
import * as m002 from "./002_listing_search_alerts";
import * as m003 from "./003_outbox_message";
import * as m004 from "./004_email_confirmation";
import * as m005 from "./005_customer_accounts";
import * as m006 from "./006_carts";
import * as m007 from "./007_checkout_and_orders";
import * as m008 from "./008_coupons";
import * as m009 from "./009_gift_cards";
import * as m010 from "./010_quizzes";
import * as m011 from "./011_payments";
import * as m012 from "./012_jobs";
import * as m013 from "./013_payment_attempts";
import * as m014 from "./014_assisted_sessions";
import * as m015 from "./015_perks";
import * as m016 from "./016_audit_products";
import * as m017 from "./017_auto_delivery";
import * as m018 from "./018_store_clock";
import * as m019 from "./019_campaigns";
import * as m020 from "./020_monthly_box";
import * as m021 from "./021_campaign_subscriptions";
import * as m022 from "./022_campaign_bundle_frequency";
import * as m025 from "./025_brewer_registration";
import * as m026 from "./026_drink_designs";
import * as m027 from "./027_referrals";
import * as m028 from "./028_site_notices";
import * as m029 from "./029_price_changes";
import * as m030 from "./030_order_affiliates";
import * as m032 from "./032_wallet_payments";

/** Migrations are bundled in code (no directory scanning), so the built server carries them. */
const migrations: Record<string, Migration> = {
  "001_catalog_and_content": m001,
  "002_listing_search_alerts": m002,
  "003_outbox_message": m003,
  "004_email_confirmation": m004,
  "005_customer_accounts": m005,
  "006_carts": m006,
  "007_checkout_and_orders": m007,
  "008_coupons": m008,
  "009_gift_cards": m009,
  "010_quizzes": m010,
  "011_payments": m011,
  "012_jobs": m012,
  "013_payment_attempts": m013,
  "014_assisted_sessions": m014,
  "015_perks": m015,
  "016_audit_products": m016,
  "017_auto_delivery": m017,
  "018_store_clock": m018,
  "019_campaigns": m019,
  "020_monthly_box": m020,
  "021_campaign_subscriptions": m021,
  "022_campaign_bundle_frequency": m022,
  "025_brewer_registration": m025,
  "026_drink_designs": m026,
  "027_referrals": m027,
  "028_site_notices": m028,
  "029_price_changes": m029,
  "030_order_affiliates": m030,
  "032_wallet_payments": m032,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
