import os from "node:os";
import { z } from "zod";
import { brandOverridesEnvShape, brandsWithOverrides, type BrandFacts } from "../commerce/contract/brands";
import type { BrandId } from "../commerce/contract/common";
import { DEVELOPMENT_ADDRESS_SERVICE_KEY } from "../commerce/contract/address-service";
import { DEVELOPMENT_QUIZ_CREDENTIALS } from "../commerce/contract/quiz";
import { ConfigurationError, type EnvironmentOf, type EnvironmentTable, envSchemas, readEnvironment, variable } from "../lib/environment";

/**
 * The storefront's settings: the only place in app/ (and in server.ts) that reads the environment.
 * Each variable is checked once, at start-up; a bad one stops the store with its name.
 */

/** A duration in milliseconds; 0 is allowed and means "keep nothing". */
const milliseconds = (fallback: number) =>
  z.coerce.number({ message: "a number of milliseconds" }).int("a whole number of milliseconds").min(0, "0 or more milliseconds").default(fallback);

const settings = {
  PORT: variable(envSchemas.port(3000), "where the store listens (port)", "3000"),
  HOST: variable(z.string().default("0.0.0.0"), "where the store listens (address)", "0.0.0.0"),
  WEB_CONCURRENCY: variable(
    z.coerce.number({ message: "a whole number" }).int("a whole number").min(0, "a number of workers").optional(),
    "how many worker processes serve requests (the first process migrates and seeds, then forks them)",
    "one worker per core in production, 1 in development",
  ),
  WARM_UP_SECONDS: variable(
    z.coerce.number({ message: "a number of seconds" }).min(0, "0 or more seconds").default(3),
    "how long a worker serves the stores' main pages to itself before it listens (0: it listens as soon as its indexes are built)",
    "3",
  ),
  NODE_ENV: variable(z.string().optional(), "`development` relaxes the CSP for tooling and runs one worker", "production behaviour unless `development`"),
  LOG_LEVEL: variable(envSchemas.logLevel(), "pino level; every log line carries the correlation id", "info"),
  TRUST_PROXY: variable(z.string().default("loopback"), "Express `trust proxy` setting (for `X-Forwarded-*` behind a load balancer)", "loopback"),
  COOKIE_SECURE: variable(envSchemas.flag(true), "`false` drops the Secure flag (plain-http testing on a non-localhost name)", "on in production"),
  PRIVACY_COOKIES: variable(envSchemas.flag(true), "`false` turns off the cookie consent checks (privacy cookies not enabled)", "on"),
  DIAGNOSTIC_ROUTES: variable(
    envSchemas.flag(false),
    "`1` enables `/diagnostics/render-error` and `/diagnostics/loader-error`, an operator's check of the 500 page, error logging and monitoring",
    "off",
  ),
  SENTRY_DSN: variable(
    z
      .string()
      .regex(/^https?:\/\/[^@\s/]+@[^\s/]+\/(?:\S*\/)?\d+$/, "a DSN like https://publicKey@o1.ingest.sentry.io/1")
      .optional(),
    "where uncaught errors are reported (an error-monitoring service's DSN, Sentry's protocol); unset, errors are only logged. Browsers report only with the `clientLogging` cookie (decision 083)",
  ),
  SENTRY_TRACES_SAMPLE_RATE: variable(
    z.coerce.number({ message: "a number from 0 to 1" }).min(0, "0 to 1").max(1, "0 to 1").default(0),
    "the share of server requests traced for performance (0: errors only, no tracing)",
    "0",
  ),
  REDIS_URL: variable(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, "a redis://host:port URL")
      .optional(),
    "Redis that every worker and machine shares rate-limit counts through; without it the workers of one machine share them through its primary process",
  ),
  COMMERCE_API_URL: variable(
    z.url({ message: "a URL like http://127.0.0.1:4000" }).optional(),
    "point the storefront at another (OCC-compatible) commerce API instead of the embedded one",
  ),
  API_TIMEOUT_MS: variable(envSchemas.positiveInt(60_000), "how long the storefront waits for the commerce API before giving up", "60000"),
  CMS_CACHE_TTL_MS: variable(
    milliseconds(60_000),
    "how long header, footer, site configuration and CMS pages are cached per process (`cmsTicketId` previews bypass it)",
    "60000",
  ),
  MEDIA_CACHE_TTL_MS: variable(milliseconds(300_000), "how long each storefront process keeps image-host answers", "300000"),
  RECOMMENDATION_CACHE_TTL_MS: variable(milliseconds(60_000), "how long each storefront process keeps product recommendations", "60000"),
  QUIZ_LOOKUP_URL: variable(
    z.url({ message: "a URL like https://lookup.example.com/sensory/v1" }).optional(),
    "the recommendation lookup service the beverage quiz asks (`…/lookup?lookupHash=`); unset, the commerce API's own at `/rest/sensory/v1`",
    "the commerce API's",
  ),
  QUIZ_LOOKUP_API_KEY: variable(
    z.string().min(16, "at least 16 characters").default(DEVELOPMENT_QUIZ_CREDENTIALS.lookupApiKey),
    "the key (header `X-Api-Key`) the recommendation lookup service asks of callers and the storefront sends; the default is published, set your own where the service is reachable from outside",
    DEVELOPMENT_QUIZ_CREDENTIALS.lookupApiKey,
  ),
  QUESTION_SERVICE_URL: variable(
    z.url({ message: "a URL like https://questions.example.com" }).optional(),
    "the question service the brewer quiz asks (`…/auth`, `…/api/start`, `…/api/oracle…`); unset, the commerce API's own at `/rest/question-service`",
    "the commerce API's",
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
  ADDRESS_VERIFICATION_URL: variable(
    z.url({ message: "a URL like https://addresses.example.com/v1" }).optional(),
    "the address-verification service checkout asks (`…/verify`, POST) before it keeps a delivery address; unset, the commerce API's own at `/rest/address-service/v1`",
    "the commerce API's",
  ),
  ADDRESS_SERVICE_API_KEY: variable(
    z.string().min(16, "at least 16 characters").default(DEVELOPMENT_ADDRESS_SERVICE_KEY),
    "the key (header `X-Api-Key`) the address service (verification and geocoding) asks of callers and the storefront and delivery estimates send; the default is published, set your own where the service is reachable from outside",
    DEVELOPMENT_ADDRESS_SERVICE_KEY,
  ),
  SESSION_SECRET: variable(
    z
      .string()
      .transform((v) => v.split(",").map((s) => s.trim()))
      .pipe(z.array(z.string().min(32, "secrets of at least 32 characters, comma-separated (newest first)")))
      .optional(),
    "signs the shopper's session cookie (at least 32 characters, e.g. `openssl rand -base64 48`); several comma-separated secrets, newest first, let a secret be rotated without signing everyone out. Required with `NODE_ENV=production`; otherwise a published development secret is used",
  ),
};

/** Stands in for SESSION_SECRET outside NODE_ENV=production only: it is public. */
const DEVELOPMENT_SESSION_SECRET = "brewfront-development-session-secret-not-for-production";

const FIELD_MEANING: Record<string, string> = {
  NAME: "store name",
  HOST: "public www host",
  PHONE: "toll-free number",
  PRIMARY: "primary theme colour",
  ACCENT: "accent theme colour",
  SURFACE: "surface theme colour",
};

/** BRAND_<ID>_<FIELD>: one variable per brand fact that may be overridden, checked like the rest. */
const brandOverrides: EnvironmentTable = Object.fromEntries(
  Object.entries(brandOverridesEnvShape).map(([name, schema]) => {
    const [, id = "", field = ""] = /^BRAND_([A-Z0-9]+)_([A-Z]+)$/.exec(name) ?? [];
    return [name, variable(schema, `overrides the ${id.toLowerCase()} store's ${FIELD_MEANING[field] ?? field.toLowerCase()}`)];
  }),
);

/** Every variable the storefront reads, for the README's environment table. */
export const storefrontEnvironment: EnvironmentTable = { ...settings, ...brandOverrides };

export interface StorefrontConfig {
  port: number;
  host: string;
  /** Worker processes to fork; 1 means the first process serves on its own. */
  workers: number;
  /** At most how long a worker serves its own pages before it listens; 0 skips that warm-up. */
  warmUpMs: number;
  redisUrl: string | undefined;
  /** Anything but `development` behaves as production. */
  production: boolean;
  logLevel: EnvironmentOf<typeof settings>["LOG_LEVEL"];
  trustProxy: string;
  /** Cookies carry Secure: only with NODE_ENV=production, unless COOKIE_SECURE=false. */
  secureCookies: boolean;
  privacyCookiesEnabled: boolean;
  diagnosticRoutes: boolean;
  /** Unset DSN: nothing is reported and the monitoring SDK is never loaded (decision 083). */
  errorMonitoring: ErrorMonitoringSettings;
  /** Unset: the embedded commerce service answers on a loopback port of each worker. */
  commerceApiUrl: string | undefined;
  apiTimeoutMs: number;
  cmsCacheTtlMs: number;
  mediaCacheTtlMs: number;
  recommendationCacheTtlMs: number;
  brands: Record<BrandId, BrandFacts>;
  /** Session cookie signing secrets, newest first (the first signs, all verify). */
  sessionSecrets: string[];
  quizzes: StorefrontQuizSettings;
  /** Where checkout's address verification is (unset: the commerce API's own) and the key it sends (decision 081). */
  addressVerification: { url: string | undefined; apiKey: string };
}

export interface ErrorMonitoringSettings {
  dsn: string | undefined;
  environment: string;
  tracesSampleRate: number;
}

/** Where the quizzes' services are and how the storefront signs in to them; unset URLs mean the commerce API's own. */
export interface StorefrontQuizSettings {
  lookupUrl: string | undefined;
  lookupApiKey: string;
  questionServiceUrl: string | undefined;
  questionClient: { id: string; secret: string };
}

/** Reads and checks the variables; throws ConfigurationError naming every bad one. */
export function loadStorefrontConfig(env: Readonly<Record<string, string | undefined>> = process.env): StorefrontConfig {
  const values = readEnvironment("storefront", storefrontEnvironment, env);
  const v = values as unknown as EnvironmentOf<typeof settings>;
  const production = v.NODE_ENV !== "development";
  if (!v.SESSION_SECRET && v.NODE_ENV === "production") {
    throw new ConfigurationError(
      'The storefront cannot start; fix these environment variables:\n  SESSION_SECRET="": expected at least one secret of 32 characters or more (required with NODE_ENV=production)',
    );
  }
  return {
    port: v.PORT,
    host: v.HOST,
    workers: Math.max(1, v.WEB_CONCURRENCY ?? (production ? os.availableParallelism() : 1)),
    warmUpMs: Math.round(v.WARM_UP_SECONDS * 1000),
    redisUrl: v.REDIS_URL,
    production,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
    secureCookies: v.NODE_ENV === "production" && v.COOKIE_SECURE,
    privacyCookiesEnabled: v.PRIVACY_COOKIES,
    diagnosticRoutes: v.DIAGNOSTIC_ROUTES,
    errorMonitoring: {
      dsn: v.SENTRY_DSN,
      // A staging store reports to a project of its own (its own DSN).
      environment: production ? "production" : "development",
      tracesSampleRate: v.SENTRY_TRACES_SAMPLE_RATE,
    },
    commerceApiUrl: v.COMMERCE_API_URL,
    apiTimeoutMs: v.API_TIMEOUT_MS,
    cmsCacheTtlMs: v.CMS_CACHE_TTL_MS,
    mediaCacheTtlMs: v.MEDIA_CACHE_TTL_MS,
    recommendationCacheTtlMs: v.RECOMMENDATION_CACHE_TTL_MS,
    brands: brandsWithOverrides(values as Record<string, string | undefined>),
    sessionSecrets: v.SESSION_SECRET ?? [DEVELOPMENT_SESSION_SECRET],
    quizzes: {
      lookupUrl: v.QUIZ_LOOKUP_URL,
      lookupApiKey: v.QUIZ_LOOKUP_API_KEY,
      questionServiceUrl: v.QUESTION_SERVICE_URL,
      questionClient: { id: v.QUESTION_SERVICE_CLIENT_ID, secret: v.QUESTION_SERVICE_CLIENT_SECRET },
    },
    addressVerification: { url: v.ADDRESS_VERIFICATION_URL, apiKey: v.ADDRESS_SERVICE_API_KEY },
  };
}

let current: StorefrontConfig | undefined;

/**
 * This process's settings, read on first use. server.ts reads them before anything else and stops
 * on a bad value, so by the time a page module asks they are known to be good.
 */
export function storefrontConfig(): StorefrontConfig {
  current ??= loadStorefrontConfig();
  return current;
}
