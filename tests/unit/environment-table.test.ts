import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { storefrontEnvironment } from "../../app/config.server";
import { commerceEnvironment } from "../../commerce/config";
import { type EnvironmentTable, environmentTable } from "../../lib/environment";

/**
 * The environment table in docs/configuration.md is generated from the two configuration modules,
 * so it cannot drift from what the store actually reads. `UPDATE_ENV_TABLE=1 npx vitest run
 * tests/unit/environment-table.test.ts` rewrites it after a variable is added or changed.
 */
const DOC = "docs/configuration.md";
const START = "<!-- environment table: generated from app/config.server.ts and commerce/config.ts -->";
const END = "<!-- end of environment table -->";
const BRAND_OVERRIDES_ROW =
  "| `BRAND_<ID>_NAME`, `_HOST`, `_PHONE`, `_PRIMARY`, `_ACCENT`, `_SURFACE` | see `commerce/contract/brands.ts` | per-brand overrides of the brand facts both parts use, e.g. `BRAND_CAB2C_PHONE=1-800-555-0100`, `BRAND_USAFH_HOST=b2b.example.com` (hosts also move the links in mails) |";

function withoutBrandOverrides(table: EnvironmentTable): EnvironmentTable {
  return Object.fromEntries(Object.entries(table).filter(([name]) => !name.startsWith("BRAND_")));
}

function generatedTable(): string {
  return `${environmentTable(withoutBrandOverrides(storefrontEnvironment), withoutBrandOverrides(commerceEnvironment))}\n${BRAND_OVERRIDES_ROW}`;
}

describe("the environment table in docs/configuration.md", () => {
  it("lists exactly the variables the configuration modules read, with their defaults", () => {
    const doc = fs.readFileSync(DOC, "utf8");
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `${DOC} lacks the environment table markers`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const expected = generatedTable();
    const current = doc.slice(start + START.length, end).trim();
    if (process.env.UPDATE_ENV_TABLE === "1" && current !== expected) {
      fs.writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n${expected}\n${doc.slice(end)}`);
      return;
    }
    expect(current).toBe(expected);
  });
});
