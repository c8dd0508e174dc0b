import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { storefrontEnvironment } from "../../app/config.server";
import { commerceEnvironment } from "../../commerce/config";
import { type EnvironmentTable, environmentTable } from "../../lib/environment";

/**
 * The README's environment table is generated from the two configuration modules, so it cannot
 * drift from what the store actually reads. `UPDATE_README=1 npx vitest run tests/unit/readme-environment.test.ts`
 * rewrites it after a variable is added or changed.
 */
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

describe("the README's environment table", () => {
  it("lists exactly the variables the configuration modules read, with their defaults", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, "README.md lacks the environment table markers").toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const expected = generatedTable();
    const current = readme.slice(start + START.length, end).trim();
    if (process.env.UPDATE_README === "1" && current !== expected) {
      fs.writeFileSync("README.md", `${readme.slice(0, start + START.length)}\n${expected}\n${readme.slice(end)}`);
      return;
    }
    expect(current).toBe(expected);
  });
});
