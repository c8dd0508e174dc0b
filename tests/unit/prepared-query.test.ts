import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedQuery } from "../../commerce/db/prepared-query";
import { writeTransaction } from "../../commerce/db/write-transaction";
import { type Db, migrateDatabase, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, type TestDatabase, tempDatabase } from "../support/databases";

describe.each(DIALECTS)("a read built once and given new values on each call, on %s", (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let builds = 0;
  const levelsFrom = preparedQuery((db, least: number, prefix: string) => {
    builds++;
    return db.selectFrom("category").select(["code", "position"]).where("position", ">=", least).where("code", "like", prefix).orderBy("code");
  });

  beforeAll(async () => {
    database = await tempDatabase(dialect);
    db = openDatabase(testCommerceConfig(database.url));
    await migrateDatabase(db);
    await db
      .insertInto("category")
      .values([
        { code: "PREP-A", parent_code: null, slug: "prep-a", position: 3 },
        { code: "PREP-B", parent_code: null, slug: "prep-b", position: 10 },
        { code: "PREP-C", parent_code: null, slug: "prep-c", position: 25 },
      ])
      .execute();
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it("answers each call with that call's values", async () => {
    expect(await levelsFrom(db, 10, "PREP-%")).toEqual([
      { code: "PREP-B", position: 10 },
      { code: "PREP-C", position: 25 },
    ]);
    expect(await levelsFrom(db, 0, "PREP-A%")).toEqual([{ code: "PREP-A", position: 3 }]);
    expect(await levelsFrom(db, 100, "PREP-%")).toEqual([]);
  });

  it("builds the query once, and reads inside a write transaction with the same compiled query", async () => {
    const before = builds;
    const inside = await writeTransaction(db, (trx) => levelsFrom(trx, 20, "PREP-%"));
    expect(inside).toEqual([{ code: "PREP-C", position: 25 }]);
    await levelsFrom(db, 1, "PREP-%");
    expect(builds - before).toBe(0);
  });

  it("writes with it too: a null and an argument used twice are bound on every call", async () => {
    const newCategory = preparedQuery((db, code: string, parent: string | null, position: number) =>
      db.insertInto("category").values({ code, parent_code: parent, slug: code, position }).returning(["code", "parent_code", "slug", "position"]),
    );
    expect(await writeTransaction(db, (trx) => newCategory(trx, "prep-d", null, 40))).toEqual([
      { code: "prep-d", parent_code: null, slug: "prep-d", position: 40 },
    ]);
    expect(await writeTransaction(db, (trx) => newCategory(trx, "prep-e", "prep-d", 50))).toEqual([
      { code: "prep-e", parent_code: "prep-d", slug: "prep-e", position: 50 },
    ]);
  });

  it("refuses a query whose shape an argument would change, instead of answering for the first call's shape", async () => {
    const byColumn = preparedQuery((db, column: string) =>
      db
        .selectFrom("category")
        .select("position")
        .orderBy(column as "position"),
    );
    await expect(byColumn(db, "position")).rejects.toThrow("argument 0 does not reach the query as a value");
  });
});
