import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "../../commerce/db/statement-cache";

describe("compiled SQLite statements are kept for the next query of the same text", () => {
  const database = new SQLite(":memory:");
  database.exec("create table pod (code text primary key, roast text)");
  database.exec("insert into pod values ('A', 'dark'), ('B', 'light')");

  it("hands back the same statement for the same SQL, and it answers with the new parameters", () => {
    const cached = withStatementCache(database, 2);
    const first = cached.prepare("select code from pod where roast = ?");
    expect(first.all(["dark"])).toEqual([{ code: "A" }]);
    const again = cached.prepare("select code from pod where roast = ?");
    expect(again).toBe(first);
    expect(again.all(["light"])).toEqual([{ code: "B" }]);
  });

  it("keeps only the most recently used texts", () => {
    const cached = withStatementCache(database, 2);
    const a = cached.prepare("select 1");
    const b = cached.prepare("select 2");
    expect(cached.prepare("select 1")).toBe(a);
    cached.prepare("select 3");
    // "select 2" was the least recently used of three: compiled afresh.
    expect(cached.prepare("select 2")).not.toBe(b);
    expect(cached.prepare("select 3")).toBeDefined();
  });
});
