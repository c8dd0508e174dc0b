import type { Migration, MigrationProvider } from "kysely";
import * as m001 from "./001_catalog_and_content";
import * as m002 from "./002_listing_search_alerts";

/** Migrations are bundled in code (no directory scanning), so the built server carries them. */
const migrations: Record<string, Migration> = {
  "001_catalog_and_content": m001,
  "002_listing_search_alerts": m002,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
