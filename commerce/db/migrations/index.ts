import type { Migration, MigrationProvider } from "kysely";
import * as m001 from "./001_catalog_and_content";
import * as m002 from "./002_listing_search_alerts";
import * as m003 from "./003_outbox_message";
import * as m004 from "./004_email_confirmation";
import * as m005 from "./005_customer_accounts";
import * as m006 from "./006_carts";
import * as m010 from "./010_quizzes";

/** Migrations are bundled in code (no directory scanning), so the built server carries them. */
const migrations: Record<string, Migration> = {
  "001_catalog_and_content": m001,
  "002_listing_search_alerts": m002,
  "003_outbox_message": m003,
  "004_email_confirmation": m004,
  "005_customer_accounts": m005,
  "006_carts": m006,
  "010_quizzes": m010,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
