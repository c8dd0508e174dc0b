import { z } from "zod";

/**
 * Each part of the store (storefront, commerce service) reads its environment once, at start-up,
 * through one table of variables built with `variable()`. A bad value stops start-up with one
 * line per variable naming it and what it expects; the README's environment table is generated
 * from the same tables (see `environmentTable`).
 */
export interface EnvironmentVariable<T> {
  schema: z.ZodType<T>;
  /** What it does, in a sentence, for the README. */
  doc: string;
  /** The default as a reader should see it (e.g. "one worker per core"); omitted when unset. */
  shownDefault?: string;
}

export function variable<T>(schema: z.ZodType<T>, doc: string, shownDefault?: string): EnvironmentVariable<T> {
  return { schema, doc, shownDefault };
}

export type EnvironmentTable = Record<string, EnvironmentVariable<unknown>>;
export type EnvironmentOf<S extends EnvironmentTable> = { [K in keyof S]: S[K] extends EnvironmentVariable<infer T> ? T : never };

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/** An environment value is text; an empty one counts as unset. */
function raw(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}

export function readEnvironment<S extends EnvironmentTable>(part: string, table: S, env: Readonly<Record<string, string | undefined>>): EnvironmentOf<S> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, { schema }] of Object.entries(table)) {
    const value = raw(env, name);
    const parsed = schema.safeParse(value);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(`  ${name}=${JSON.stringify(value ?? "")}: expected ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  }
  if (problems.length > 0) {
    throw new ConfigurationError(`The ${part} cannot start; fix these environment variables:\n${problems.join("\n")}`);
  }
  return values as EnvironmentOf<S>;
}

/** A literal value reads as code; a described default ("one worker per core") as words. */
const asCode = (text: string) => (/[\s`]/.test(text) ? text : `\`${text}\``);

/** Markdown rows (`| name | default | meaning |`) for the README, one per variable. */
export function environmentTable(...tables: EnvironmentTable[]): string {
  const seen = new Set<string>();
  const rows = ["| variable | default | meaning |", "|---|---|---|"];
  for (const table of tables) {
    for (const [name, { doc, shownDefault }] of Object.entries(table)) {
      if (seen.has(name)) continue;
      seen.add(name);
      rows.push(`| \`${name}\` | ${shownDefault === undefined ? "unset" : asCode(shownDefault)} | ${doc} |`);
    }
  }
  return rows.join("\n");
}

/** Schemas most variables are made of, with messages that read well after "expected". */
export const envSchemas = {
  port: (fallback: number) =>
    z.coerce
      .number({ message: "a port number" })
      .int("a whole port number")
      .min(0, "a port number from 0 to 65535")
      .max(65535, "a port number from 0 to 65535")
      .default(fallback),
  positiveInt: (fallback: number) => z.coerce.number({ message: "a whole number" }).int("a whole number").positive("a number above 0").default(fallback),
  flag: (fallback: boolean) =>
    z
      .enum(["true", "false", "1", "0"], { message: "true or false" })
      .optional()
      .transform((v) => (v === undefined ? fallback : v === "true" || v === "1")),
  logLevel: () =>
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "one of fatal, error, warn, info, debug, trace, silent" })
      .default("info"),
};
