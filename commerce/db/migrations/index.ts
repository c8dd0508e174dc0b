import type { Migration, MigrationProvider } from "kysely";
import * as m001 from "./001_catalog_and_content";

/** Migrations are bundled in code (no directory scanning), so the built server carries them. */
const migrations: Record<string, Migration> = {
  "001_catalog_and_content": m001,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
