import type { Selectable } from "kysely";
import type { Db } from "./index";

/** The quiz tables (migration 010_quizzes), kept here so the quizzes stay one module. */
export interface QuizTreeTable {
  quiz: string;
  site: string;
  lang: string;
  /** The decision tree as JSON (contract QuestionTreeSchema). */
  tree: string;
  updated_at: string;
}

export interface CustomerQuizTable {
  customer_id: string;
  quiz: string;
  quiz_response: string;
  sensory_roast_type: string;
  sensory_flavor_type: string;
  updated_at: string;
}

type QuizTables = {
  quiz_tree: QuizTreeTable;
  customer_quiz: CustomerQuizTable;
};

export type CustomerQuizRow = Selectable<CustomerQuizTable>;

const quizDb = (db: Db) => db.withTables<QuizTables>();

export async function findQuizTree(db: Db, quiz: string, site: string, lang: string): Promise<string | undefined> {
  const row = await quizDb(db)
    .selectFrom("quiz_tree")
    .select("tree")
    .where("quiz", "=", quiz)
    .where("site", "=", site)
    .where("lang", "=", lang)
    .executeTakeFirst();
  return row?.tree;
}

/** Trees already stored are kept: an operator's edit must survive the next start's seeding. */
export async function insertMissingQuizTrees(trx: Db, rows: readonly QuizTreeTable[]): Promise<number> {
  let added = 0;
  for (const row of rows) {
    const result = await quizDb(trx)
      .insertInto("quiz_tree")
      .values(row)
      .onConflict((oc) => oc.columns(["quiz", "site", "lang"]).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function findCustomerQuiz(db: Db, customerId: string, quiz: string): Promise<CustomerQuizRow | undefined> {
  return quizDb(db).selectFrom("customer_quiz").selectAll().where("customer_id", "=", customerId).where("quiz", "=", quiz).executeTakeFirst();
}

/** One row per customer and quiz: a retake replaces the answers. */
export async function saveCustomerQuiz(trx: Db, row: CustomerQuizTable): Promise<void> {
  await quizDb(trx)
    .insertInto("customer_quiz")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["customer_id", "quiz"]).doUpdateSet({
        quiz_response: (eb) => eb.ref("excluded.quiz_response"),
        sensory_roast_type: (eb) => eb.ref("excluded.sensory_roast_type"),
        sensory_flavor_type: (eb) => eb.ref("excluded.sensory_flavor_type"),
        updated_at: (eb) => eb.ref("excluded.updated_at"),
      }),
    )
    .execute();
}

/** A beverage the lookup may recommend: its own taste facts and the pack types the site sells in stock. */
export interface BeverageFacts {
  code: string;
  productType: string;
  roast: string | null;
  flavor: string | null;
  caffeine: string | null;
  salesRank: number;
  packTypes: string[];
}

/** How many beverages one lookup weighs at most: the best sellers first, enough for any catalog's advice. */
const CANDIDATE_LIMIT = 5000;

/**
 * The site's beverages (coffee, tea, cocoa families) that have a variant sold there and in stock,
 * best sellers first, with the pack types of those variants.
 */
export async function beverageCandidates(db: Db, site: string): Promise<BeverageFacts[]> {
  const rows = await db
    .selectFrom("product as v")
    .innerJoin("product as b", "b.code", "v.base_code")
    .innerJoin("product_site as ps", (j) => j.onRef("ps.product_code", "=", "v.code").on("ps.site", "=", site))
    .innerJoin("stock as s", "s.product_code", "v.code")
    .select(["b.code", "b.product_type", "b.roast", "b.flavor", "b.caffeine", "b.sales_rank", "v.pack_type"])
    .where("b.product_type", "in", ["Coffee", "Tea", "Cocoa"])
    .where("s.level", ">", 0)
    .where("v.pack_type", "is not", null)
    .where(
      "b.code",
      "in",
      db
        .selectFrom("product as top")
        .innerJoin("product_site as tps", (j) => j.onRef("tps.product_code", "=", "top.code").on("tps.site", "=", site))
        .select("top.code")
        .where("top.product_type", "in", ["Coffee", "Tea", "Cocoa"])
        .where("top.base_code", "is", null)
        .orderBy("top.sales_rank")
        .orderBy("top.code")
        .limit(CANDIDATE_LIMIT),
    )
    .groupBy(["b.code", "b.product_type", "b.roast", "b.flavor", "b.caffeine", "b.sales_rank", "v.pack_type"])
    .orderBy("b.sales_rank")
    .orderBy("b.code")
    .execute();
  const byCode = new Map<string, BeverageFacts>();
  for (const r of rows) {
    let facts = byCode.get(r.code);
    if (!facts) {
      facts = { code: r.code, productType: r.product_type, roast: r.roast, flavor: r.flavor, caffeine: r.caffeine, salesRank: r.sales_rank, packTypes: [] };
      byCode.set(r.code, facts);
    }
    if (r.pack_type && !facts.packTypes.includes(r.pack_type)) facts.packTypes.push(r.pack_type);
  }
  return [...byCode.values()];
}

/** A site configuration value (the brewer quiz's default brewer and its place). */
export async function siteConfigValue(db: Db, site: string, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("site_config").select("value").where("site", "=", site).where("config_key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function insertMissingSiteConfig(trx: Db, rows: readonly { site: string; config_key: string; value: string }[]): Promise<void> {
  for (const row of rows) {
    await trx
      .insertInto("site_config")
      .values(row)
      .onConflict((oc) => oc.columns(["site", "config_key"]).doNothing())
      .execute();
  }
}
