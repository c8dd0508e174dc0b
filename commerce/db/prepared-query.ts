import type { Compilable, CompiledQuery, DialectAdapter } from "kysely";
import type { Db } from "./index";

interface Prepared<Row> {
  query: CompiledQuery<Row>;
  /** For each bound value of the compiled query: which argument fills it, or -1 for a constant. */
  slots: number[];
}

/**
 * A statement that every uncached cart page or add to cart runs (the cart's row, lines, coupons
 * and gift cards; a new cart and its first line), built and compiled by Kysely once per database
 * and then only given new values. Measured on the cart's four reads, Kysely's building and
 * compiling took longer than SQLite took to answer. The compiled query is kept per dialect
 * adapter, which a database shares with its connections and transactions, so a statement inside
 * a write transaction is compiled once too.
 *
 * `build` must use its arguments only as values (in `where` or `values`, say), never to change
 * the query's shape: the query is built once, with markers in their place, and each marker's
 * position among the compiled query's values is where that argument goes on later calls.
 */
export function preparedQuery<Args extends readonly (string | number | null)[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<DialectAdapter, Prepared<Row>>();
  const prepare = (db: Db, arity: number): Prepared<Row> => {
    const markers = Array.from({ length: arity }, (_, i) => `\u0000prepared-query-argument-${i}`);
    const query = build(db, ...(markers as unknown as Args)).compile();
    const slots = query.parameters.map((value) => markers.indexOf(value as string));
    for (let i = 0; i < arity; i++) if (!slots.includes(i)) throw new Error(`preparedQuery: argument ${i} does not reach the query as a value`);
    return { query, slots };
  };
  return async (db: Db, ...args: Args): Promise<Row[]> => {
    const adapter = db.getExecutor().adapter;
    let prepared = compiled.get(adapter);
    if (!prepared) {
      prepared = prepare(db, args.length);
      compiled.set(adapter, prepared);
    }
    const { query, slots } = prepared;
    const parameters = slots.map((slot, i) => (slot === -1 ? query.parameters[i] : args[slot]));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
