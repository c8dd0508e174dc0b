import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Runs on the build `npm test` makes before it: the browser's files as the store serves them.
const BUILD = path.resolve("public/build");

function scripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? scripts(file) : entry.name.endsWith(".js") ? [file] : [];
  });
}

describe("the browser's JavaScript", () => {
  // zod's whole library (with every locale) is about 95 kB gzipped, more than the page's budget above
  // the bare Remix page: schemas reach route modules through app/lib/schemas.server.ts only.
  it("carries no zod: pages validate on the server", () => {
    const files = scripts(BUILD);
    expect(files.length).toBeGreaterThan(10);
    const withZod = files.filter((file) => fs.readFileSync(file, "utf8").includes("ZodError")).map((file) => path.relative(BUILD, file));
    expect(withZod).toEqual([]);
  });
});
