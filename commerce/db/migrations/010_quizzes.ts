import type { Kysely } from "kysely";

/**
 * The quizzes' data: the question service's decision trees (one per quiz, brand and language,
 * kept as JSON so a tree changes without a release) and each customer's saved beverage-quiz answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("quiz_tree")
    .addColumn("quiz", "varchar(16)", (c) => c.notNull())
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("tree", "text", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("quiz_tree_pk", ["quiz", "site", "lang"])
    .execute();

  await db.schema
    .createTable("customer_quiz")
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("quiz", "varchar(16)", (c) => c.notNull())
    .addColumn("quiz_response", "varchar(120)", (c) => c.notNull())
    .addColumn("sensory_roast_type", "varchar(8)", (c) => c.notNull())
    .addColumn("sensory_flavor_type", "varchar(16)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("customer_quiz_pk", ["customer_id", "quiz"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("customer_quiz").ifExists().execute();
  await db.schema.dropTable("quiz_tree").ifExists().execute();
}
