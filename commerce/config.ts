import { createHash } from "node:crypto";
import { z } from "zod";
import { ConfigurationError, type EnvironmentOf, type EnvironmentVariable, envSchemas, readEnvironment, variable } from "../lib/environment";
import { type BrandFacts, brandOverridesEnvShape, brandsWithOverrides } from "./contract/brands";
import type { BrandId } from "./contract/common";
import { DEVELOPMENT_ADDRESS_SERVICE_KEY } from "./contract/address-service";
import { DEVELOPMENT_QUIZ_CREDENTIALS } from "./contract/quiz";
import type { DatabaseLocation } from "./db/index";
import type { PaymentSettings } from "./domain/payments/provider";

export const DEFAULT_SQLITE_FILE = "data/brewfront.sqlite";

/**
 * postgres:// or postgresql:// is PostgreSQL; any other URL scheme is refused (a typo must not
 * quietly become a SQLite file named "mysql:..."); anything else is a SQLite file path, optionally
 * written sqlite:path, or :memory:.
 */
const databaseLocation = z
  .string()
  .optional()
  .transform((v) => v?.trim() || DEFAULT_SQLITE_FILE)
  .superRefine((url, ctx) => {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
    if (scheme !== undefined && scheme !== "postgres" && scheme !== "postgresql" && scheme !== "sqlite") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "postgres://…, postgresql://… or a SQLite file path (or :memory:)" });
    }
  })
  .transform((url): DatabaseLocation =>
    /^postgres(ql)?:\/\//i.test(url) ? { kind: "postgres", url } : { kind: "sqlite", file: url.replace(/^sqlite:(\/\/)?/i, "") },
  );

const optionalText = z.string().optional();

/** The operators' key is the only thing between the internet and stock levels: short keys are refused. */
export const ADMIN_API_KEY_MIN_LENGTH = 24;
const adminApiKey = z.string().min(ADMIN_API_KEY_MIN_LENGTH, `at least ${ADMIN_API_KEY_MIN_LENGTH} characters`).optional();

/** Access tokens are signed with it (HS256): a short one could be guessed offline from any token. */
export const AUTH_TOKEN_SECRET_MIN_LENGTH = 32;
const tokenSecret = z.string().min(AUTH_TOKEN_SECRET_MIN_LENGTH, `at least ${AUTH_TOKEN_SECRET_MIN_LENGTH} characters`);
const previousTokenSecrets = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(tokenSecret));

export const GUEST_CLIENT_SECRET_MIN_LENGTH = 24;

const operatorPort = z.coerce
  .number({ message: "a port number" })
  .int("a whole port number")
  .min(1, "a port number from 1 to 65535")
  .max(65535, "a port number from 1 to 65535")
  .optional();

const brandVariables = Object.fromEntries(
  Object.entries(brandOverridesEnvShape).map(([name, schema]) => [
    name,
    variable(schema, `overrides one brand fact (${name.split("_").slice(1).join(" ").toLowerCase()}) for the commerce service's mails`),
  ]),
) as Record<string, EnvironmentVariable<string | undefined>>;

/** The quiz services' credentials; both parts read the same variables, so the embedded pair agrees. */
export const quizVariables = {
  QUIZ_LOOKUP_API_KEY: variable(
    z.string().min(16, "at least 16 characters").default(DEVELOPMENT_QUIZ_CREDENTIALS.lookupApiKey),
    "the key (header `X-Api-Key`) the recommendation lookup service asks of callers and the storefront sends; the default is published, set your own where the service is reachable from outside",
    DEVELOPMENT_QUIZ_CREDENTIALS.lookupApiKey,
  ),
  QUESTION_SERVICE_CLIENT_ID: variable(
    z.string().min(1).default(DEVELOPMENT_QUIZ_CREDENTIALS.questionClientId),
    "client id the storefront signs in to the question service (brewer quiz) with, and the one client the built-in service knows",
    DEVELOPMENT_QUIZ_CREDENTIALS.questionClientId,
  ),
  QUESTION_SERVICE_CLIENT_SECRET: variable(
    z.string().min(16, "at least 16 characters").default(DEVELOPMENT_QUIZ_CREDENTIALS.questionClientSecret),
    "that client's secret; the default is published, set your own where the service is reachable from outside",
    DEVELOPMENT_QUIZ_CREDENTIALS.questionClientSecret,
  ),
};

/** The address service's key (decision 081); both parts read it, so the storefront and the embedded service agree. */
export const addressServiceVariables = {
  ADDRESS_SERVICE_API_KEY: variable(
    z.string().min(16, "at least 16 characters").default(DEVELOPMENT_ADDRESS_SERVICE_KEY),
    "the key (header `X-Api-Key`) the address service (verification and geocoding) asks of callers and the storefront and delivery estimates send; the default is published, set your own where the service is reachable from outside",
    DEVELOPMENT_ADDRESS_SERVICE_KEY,
  ),
};

/** The commerce service's environment, one row per variable; the README table is generated from it. */
export const commerceEnvironment = {
  DATABASE_URL: variable(
    databaseLocation,
    "`postgres://…` selects PostgreSQL; anything else is a SQLite file path (`:memory:` works); other URL schemes are refused",
    DEFAULT_SQLITE_FILE,
  ),
  PG_POOL_MAX: variable(envSchemas.positiveInt(10), "PostgreSQL pool size", "10"),
  SEED: variable(envSchemas.flag(true), "`false` skips seeding an empty database", "true"),
  SEED_CATALOG_SIZE: variable(
    z.coerce.number({ message: "a whole number" }).int("a whole number").min(0, "a number from 0 up").default(0),
    "when seeding an empty database, add synthetic coffees until it holds this many sellable products (`100000` for the benchmark)",
    "0",
  ),
  ADMIN_API_KEY: variable(
    adminApiKey,
    `enables the operators' \`PUT /rest/v2/{brand}/stock/{code}\` (which also mails back-in-stock alerts), \`PUT /rest/v2/{brand}/prices/{code}\` (list and sale price, in minor units) and \`GET …/operator/affiliate-orders?from=&to=\` (orders by affiliate, decision 078) (header \`X-Admin-Key\`, at least ${ADMIN_API_KEY_MIN_LENGTH} characters); without it those endpoints do not exist. 10 wrong keys per 15 minutes from one address are answered 429`,
  ),
  OPERATOR_PORT: variable(
    operatorPort,
    "when set, the operators' endpoints and the Prometheus `/metrics` (docs/metrics.md) answer only on this port (a separate listener on `OPERATOR_HOST`) and not on the public one; unset, the endpoints answer only to loopback connections no proxy relayed, and there are no metrics",
  ),
  STORE_CLOCK_MOVABLE: variable(
    envSchemas.flag(false),
    "`true` lets operators move the store's clock ahead (`PUT /rest/v2/{brand}/operator/clock`, the operators' side and `X-Admin-Key` as for stock) and run the due auto-delivery orders at once (`POST …/operator/auto-delivery/sweep`); every process reads the clock from the database. For end-to-end tests and demonstrations, never a real store",
    "false",
  ),
  OPERATOR_HOST: variable(z.string().default("127.0.0.1"), "address the operator listener binds to", "127.0.0.1"),
  REDIS_URL: variable(
    optionalText,
    "Redis for the commerce service's rate limits (sign-in failures, coupon and gift-card guesses, wrong operator keys), shared by every worker and machine; without it the workers of one machine share them through its primary process",
  ),
  CATALOG_SYNC_MS: variable(
    envSchemas.positiveInt(250),
    "how often each process reads the catalog change log (other processes' price and stock changes show within this time)",
    "250",
  ),
  MEMORY_BUDGET_MB: variable(
    z.coerce.number({ message: "a whole number of MB" }).int("a whole number of MB").min(128, "at least 128 (MB)").default(256),
    "memory each worker process may use, in MB: its heap limit, of which each cache (the sites' listing indexes, product families, catalog answers, search words, facet counts, quizzes) has a fixed share; the catalog's size changes what fits, not how much is used",
    "256",
  ),
  SMTP_URL: variable(optionalText, "send mail through this SMTP server; without it mail is written as `.eml` files"),
  MAIL_OUTBOX_DIR: variable(z.string().default("data/outbox"), "where `.eml` files go", "data/outbox"),
  MAIL_FROM: variable(z.string().default("Brewfront <no-reply@brewfront.com>"), "sender address", "Brewfront <no-reply@brewfront.com>"),
  LOG_LEVEL: variable(envSchemas.logLevel(), "pino level; every log line carries the correlation id", "info"),
  NODE_ENV: variable(
    z.string().optional(),
    "`production` makes the commerce service insist on `AUTH_TOKEN_SECRET` and refuse demo accounts that still have the demo password",
  ),
  AUTH_TOKEN_SECRET: variable(
    tokenSecret.optional(),
    `signs customers' access tokens and derives refresh tokens (at least ${AUTH_TOKEN_SECRET_MIN_LENGTH} characters, e.g. \`openssl rand -base64 48\`); required with \`NODE_ENV=production\`, otherwise derived from the database location (fine for one machine's testing, never for a real store)`,
  ),
  AUTH_TOKEN_PREVIOUS_SECRETS: variable(
    previousTokenSecrets,
    "comma-separated earlier `AUTH_TOKEN_SECRET` values whose access tokens are still accepted (while changing the secret, for one access-token lifetime)",
  ),
  GUEST_CLIENT_ID: variable(
    z.string().min(1).default("storefront-guest"),
    "client id of the guest-checkout token (`client_credentials` grant)",
    "storefront-guest",
  ),
  GUEST_CLIENT_SECRET: variable(
    z.string().min(GUEST_CLIENT_SECRET_MIN_LENGTH, `at least ${GUEST_CLIENT_SECRET_MIN_LENGTH} characters`).optional(),
    `client secret of the guest-checkout token (at least ${GUEST_CLIENT_SECRET_MIN_LENGTH} characters); unset, it is derived from \`AUTH_TOKEN_SECRET\` (the embedded storefront reads the same configuration)`,
  ),
  DEMO_ACCOUNTS: variable(
    envSchemas.flag(true),
    "`false` seeds no demo accounts (a customer, a perks member, an employee and a customer-service agent per brand, all with the demo password)",
    "true",
  ),
  ALLOW_DEMO_PASSWORDS: variable(
    envSchemas.flag(false),
    "`true` lets a `NODE_ENV=production` store start while a demo account still has the demo password (a demonstration server); otherwise it refuses",
    "false",
  ),
  STRIPE_SECRET_KEY: variable(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)")
      .optional(),
    "take payments through Stripe (payment methods, payment intents with manual capture, customers); unset, the built-in test gateway takes them (4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines)",
  ),
  STRIPE_API_BASE: variable(
    z
      .string()
      .default("https://api.stripe.com")
      .pipe(z.url({ protocol: /^https?$/, message: "an http(s) URL such as https://api.stripe.com" })),
    "where the Stripe API answers (a local stand-in in tests); only with `STRIPE_SECRET_KEY`",
    "https://api.stripe.com",
  ),
  PAYPAL_CLIENT_ID: variable(
    z.string().trim().min(1).max(200).optional(),
    "offer PayPal beside the card at checkout (Orders v2: the shopper approves at PayPal, the order authorizes then, captures once written); needs `PAYPAL_CLIENT_SECRET` too",
  ),
  PAYPAL_CLIENT_SECRET: variable(z.string().trim().min(1).max(200).optional(), "the REST app's secret for `PAYPAL_CLIENT_ID`"),
  PAYPAL_API_BASE: variable(
    z
      .string()
      .default("https://api-m.paypal.com")
      .pipe(z.url({ protocol: /^https?$/, message: "an http(s) URL such as https://api-m.sandbox.paypal.com" })),
    "where PayPal's REST API answers: https://api-m.sandbox.paypal.com with sandbox credentials, a local stand-in in tests; only with `PAYPAL_CLIENT_ID`",
    "https://api-m.paypal.com",
  ),
  PAYMENT_HOLD_TIMEOUT_SECONDS: variable(
    envSchemas.positiveInt(300),
    "how long a card hold may wait for its order: past it, the sweep releases a hold whose order was never written and captures an order whose capture failed",
    "300",
  ),
  PAYMENT_SWEEP_SECONDS: variable(envSchemas.positiveInt(60), "how often each process looks for card holds to release or capture", "60"),
  COMMERCE_PORT: variable(envSchemas.port(4000), "port of the commerce service when run on its own (`node build/main.js`)", "4000"),
  ...quizVariables,
  ...addressServiceVariables,
  GEOCODER_URL: variable(
    z.url({ message: "a URL like https://geocoder.example.com/v1" }).optional(),
    "the geocoding service delivery estimates ask where a postal code is (`…/geocode?postalCode=&country=`); unset, the commerce service's own (also at `/rest/address-service/v1`), asked in process",
    "the commerce service's",
  ),
  ...brandVariables,
};

type CommerceEnvironment = EnvironmentOf<typeof commerceEnvironment>;

export interface CommerceConfig {
  database: DatabaseLocation;
  pgPoolMax: number;
  seed: boolean;
  seedCatalogSize: number;
  /** Without it the operators' stock endpoint does not exist. */
  adminApiKey: string | undefined;
  /** Where the operators' endpoints answer; without a port, only to loopback connections. */
  operator: { port: number | undefined; host: string };
  /** Operators may move the store's clock ahead (STORE_CLOCK_MOVABLE): end-to-end tests only. */
  storeClockMovable: boolean;
  redisUrl: string | undefined;
  catalogSyncMs: number;
  /** Each worker's memory budget (MEMORY_BUDGET_MB): its heap limit, which its caches take shares of. */
  memoryBudgetMb: number;
  mail: { smtpUrl: string | undefined; outboxDir: string; from: string };
  logLevel: CommerceEnvironment["LOG_LEVEL"];
  port: number;
  brands: Record<BrandId, BrandFacts>;
  /** NODE_ENV=production: secrets must be set and demo passwords changed. */
  production: boolean;
  auth: AuthSettings;
  /** Seed the demo accounts (DEMO_ACCOUNTS). */
  demoAccounts: boolean;
  /** Start in production even while a demo account has the demo password (ALLOW_DEMO_PASSWORDS). */
  allowDemoPasswords: boolean;
  /** Stripe (STRIPE_SECRET_KEY) or the built-in test gateway. */
  payments: PaymentSettings;
  /** When card holds without an order are released, and how often each process looks. */
  cardHolds: { holdTimeoutMs: number; sweepSeconds: number };
  quizzes: QuizSettings;
  /** The address service's key, and the geocoder delivery estimates ask when not the embedded one. */
  addressService: { apiKey: string; geocoderUrl: string | undefined };
}

/** The built-in recommendation lookup and question services' credentials. */
export interface QuizSettings {
  lookupApiKey: string;
  questionClient: { id: string; secret: string };
  /** Signs the question service's access tokens (derived from AUTH_TOKEN_SECRET). */
  questionTokenSecret: string;
}

export interface AuthSettings {
  /** Signs new access tokens and derives refresh tokens. */
  tokenSecret: string;
  /** Also accepted when verifying access tokens (the secret before a change). */
  previousTokenSecrets: string[];
  guestClient: { id: string; secret: string };
}

/**
 * Without AUTH_TOKEN_SECRET a production store refuses to start; elsewhere a secret is derived from
 * the database location, so a developer's store works out of the box and two test databases never
 * accept each other's tokens.
 */
function authSettings(values: CommerceEnvironment, production: boolean): AuthSettings {
  if (production && !values.AUTH_TOKEN_SECRET) {
    throw new ConfigurationError(
      `The commerce service cannot start; fix these environment variables:\n  AUTH_TOKEN_SECRET="": expected at least ${AUTH_TOKEN_SECRET_MIN_LENGTH} characters (required with NODE_ENV=production)`,
    );
  }
  const where = values.DATABASE_URL.kind === "postgres" ? values.DATABASE_URL.url : values.DATABASE_URL.file;
  const tokenSecret = values.AUTH_TOKEN_SECRET ?? createHash("sha256").update(`brewfront development token secret|${where}`).digest("base64url");
  const guestSecret = values.GUEST_CLIENT_SECRET ?? createHash("sha256").update(`guest client|${tokenSecret}`).digest("base64url");
  return { tokenSecret, previousTokenSecrets: values.AUTH_TOKEN_PREVIOUS_SECRETS, guestClient: { id: values.GUEST_CLIENT_ID, secret: guestSecret } };
}

/** PayPal needs both halves of its credentials: one without the other is a mistake, not "PayPal off". */
function paypalSettings(values: CommerceEnvironment): PaymentSettings["paypal"] {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret } = values;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    throw new ConfigurationError(
      `The commerce service cannot start; fix these environment variables:\n  ${clientId ? "PAYPAL_CLIENT_SECRET" : "PAYPAL_CLIENT_ID"}="": required with ${clientId ? "PAYPAL_CLIENT_ID" : "PAYPAL_CLIENT_SECRET"}`,
    );
  }
  return { clientId, clientSecret, apiBase: new URL(values.PAYPAL_API_BASE) };
}

/** Reads and checks the commerce service's environment once; a bad value throws a ConfigurationError naming it. */
export function loadCommerceConfig(env: Readonly<Record<string, string | undefined>> = process.env): CommerceConfig {
  const values = readEnvironment("commerce service", commerceEnvironment, env);
  const production = values.NODE_ENV === "production";
  const auth = authSettings(values, production);
  return {
    database: values.DATABASE_URL,
    pgPoolMax: values.PG_POOL_MAX,
    seed: values.SEED,
    seedCatalogSize: values.SEED_CATALOG_SIZE,
    adminApiKey: values.ADMIN_API_KEY,
    operator: { port: values.OPERATOR_PORT, host: values.OPERATOR_HOST },
    storeClockMovable: values.STORE_CLOCK_MOVABLE,
    redisUrl: values.REDIS_URL,
    catalogSyncMs: values.CATALOG_SYNC_MS,
    memoryBudgetMb: values.MEMORY_BUDGET_MB,
    mail: { smtpUrl: values.SMTP_URL, outboxDir: values.MAIL_OUTBOX_DIR, from: values.MAIL_FROM },
    logLevel: values.LOG_LEVEL,
    port: values.COMMERCE_PORT,
    brands: brandsWithOverrides(brandOverridesFrom(values)),
    production,
    auth,
    demoAccounts: values.DEMO_ACCOUNTS,
    allowDemoPasswords: values.ALLOW_DEMO_PASSWORDS,
    payments: {
      stripe: values.STRIPE_SECRET_KEY ? { secretKey: values.STRIPE_SECRET_KEY, apiBase: new URL(values.STRIPE_API_BASE) } : undefined,
      paypal: paypalSettings(values),
      testGatewaySecret: createHash("sha256").update(`test payment gateway|${auth.tokenSecret}`).digest("base64url"),
    },
    cardHolds: { holdTimeoutMs: values.PAYMENT_HOLD_TIMEOUT_SECONDS * 1000, sweepSeconds: values.PAYMENT_SWEEP_SECONDS },
    quizzes: quizSettings(values, auth),
    addressService: { apiKey: values.ADDRESS_SERVICE_API_KEY, geocoderUrl: values.GEOCODER_URL },
  };
}

function quizSettings(values: CommerceEnvironment, { tokenSecret }: AuthSettings): QuizSettings {
  return {
    lookupApiKey: values.QUIZ_LOOKUP_API_KEY,
    questionClient: { id: values.QUESTION_SERVICE_CLIENT_ID, secret: values.QUESTION_SERVICE_CLIENT_SECRET },
    questionTokenSecret: createHash("sha256").update(`question service tokens|${tokenSecret}`).digest("base64url"),
  };
}

/** The checked override values only: an empty variable counts as unset, as it does everywhere else. */
function brandOverridesFrom(values: CommerceEnvironment): Record<string, string | undefined> {
  const checked: Record<string, unknown> = values;
  return Object.fromEntries(
    Object.keys(brandOverridesEnvShape).map((name) => [name, typeof checked[name] === "string" ? (checked[name] as string) : undefined]),
  );
}
