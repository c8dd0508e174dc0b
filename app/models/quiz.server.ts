import { createHmac, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { BrandId } from "../../commerce/contract/common";
import type { Product } from "../../commerce/contract/product";
import { ProductListSchema } from "../../commerce/contract/product";
import {
  type BeverageAnswers,
  BEVERAGE_QUESTIONS,
  type BeverageQuestion,
  CANADIAN_ID_SUFFIX,
  decodeBits,
  encodeBits,
  type FlavourFamily,
  QuizLookupResponseSchema,
  type SavedUserQuizData,
  SavedUserQuizDataSchema,
  type SensoryRoastType,
} from "../../commerce/contract/quiz";
import { lookupHashOf } from "../../commerce/contract/quiz-hash";
import { storefrontConfig } from "../config.server";
import { type ApiClientContext, ApiError, callApi } from "../lib/api-client.server";

/** The beverage quiz shows at most this many products. */
export const BEVERAGE_RESULT_SIZE = 4;
/** The beverage quiz's answers cookie (functional: written only with that consent). */
export const BEVERAGE_ANSWERS_COOKIE = "perfectCupAnswers";
export const BEVERAGE_ANSWERS_DAYS = 30;

/** The quiz could not be answered by one of its services; the shopper goes back to the start. */
export class QuizUnavailable extends Error {
  constructor(
    readonly reason: "unavailable" | "auth",
    options?: { cause?: unknown },
  ) {
    super(reason === "auth" ? "the quiz service refused to sign the storefront in" : "a quiz service did not answer", options);
    this.name = "QuizUnavailable";
  }
}

/**
 * The codes the results show: only the first four, and never more than the site's product-details
 * size (the most products one details call loads).
 */
export function beverageResultCodes(codes: readonly string[], productDetailsSize: number): string[] {
  const size = Math.max(0, Math.min(BEVERAGE_RESULT_SIZE, Number.isFinite(productDetailsSize) ? productDetailsSize : BEVERAGE_RESULT_SIZE));
  return codes.slice(0, size);
}

/** The catalog code behind a lookup id: Canadian ids carry a suffix the catalog does not. */
export function catalogCode(site: BrandId, productId: string): string {
  return site === "cab2c" && productId.endsWith(CANADIAN_ID_SUFFIX) ? productId.slice(0, -CANADIAN_ID_SUFFIX.length) : productId;
}

// ——— Signed cookie values: what the quiz pages write, they read back unchanged, or not at all. ———

const mac = (secret: string, value: string) => createHmac("sha256", `brewfront quiz cookie|${secret}`).update(value).digest("base64url").slice(0, 22);

export function signCookieValue(value: string): string {
  return `${value}~${mac(storefrontConfig().sessionSecrets[0]!, value)}`;
}

/** The value, when its signature is one of the session secrets'; undefined for anything altered. */
export function verifyCookieValue(signed: string | undefined): string | undefined {
  if (!signed) return undefined;
  const at = signed.lastIndexOf("~");
  if (at < 0) return undefined;
  const value = signed.slice(0, at);
  const given = Buffer.from(signed.slice(at + 1));
  for (const secret of storefrontConfig().sessionSecrets) {
    const expected = Buffer.from(mac(secret, value));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return value;
  }
  return undefined;
}

// ——— The recommendation lookup service ———

export interface BeverageAdvice {
  /** Catalog codes, best fit first. */
  codes: string[];
  /** The answers each code does not fit, by code; a code the service said nothing of fits them all. */
  unmet: Record<string, readonly BeverageQuestion[]>;
  roast: SensoryRoastType;
  flavour: FlavourFamily;
}

/** Advice changes only with the catalog: kept per process as briefly as other recommendations. */
// Each fetch hands the cache its load (lru-cache's fetch context): callers asking while it runs share it, and one that fails is not kept.
const adviceCacheTtlMs = storefrontConfig().recommendationCacheTtlMs;
const adviceCache = new LRUCache<string, BeverageAdvice, () => Promise<BeverageAdvice>>({
  max: 5_000,
  ttl: adviceCacheTtlMs,
  fetchMethod: (_key, _stale, { context: load }) => load(),
});

/**
 * The context token the lookup service may personalise by: the same for a customer on every
 * device, unreadable as an id, and one shared token for everyone not signed in.
 */
function contextToken(customerId: string | undefined): string {
  return createHmac("sha256", `brewfront quiz context|${storefrontConfig().sessionSecrets[0]!}`)
    .update(customerId ?? "anonymous")
    .digest("base64url")
    .slice(0, 32);
}

function lookupEndpoint(ctx: ApiClientContext): URL {
  const base = storefrontConfig().quizzes.lookupUrl ?? new URL("/rest/sensory/v1", ctx.apiBaseUrl).toString();
  return new URL(`${base.replace(/\/+$/, "")}/lookup`);
}

/** Asks the lookup service for these answers (by their hash); any failure is QuizUnavailable. */
export function lookupBeverages(ctx: ApiClientContext, answers: BeverageAnswers, customerId?: string): Promise<BeverageAdvice> {
  const endpoint = lookupEndpoint(ctx);
  const hash = lookupHashOf(encodeBits(answers));
  const token = contextToken(customerId);
  const load = async (): Promise<BeverageAdvice> => {
    try {
      const answer = await callApi(
        { ...ctx, apiBaseUrl: endpoint.origin },
        {
          path: endpoint.pathname,
          query: { lookupHash: hash, site: ctx.brand.id },
          headers: { "X-Api-Key": storefrontConfig().quizzes.lookupApiKey, "X-Context-Token": token },
          schema: QuizLookupResponseSchema,
        },
      );
      const items = answer.SensoryResponse.map((i) => ({ code: catalogCode(ctx.brand.id, i.ProductID), unmet: i.UnmetAnswers ?? [] }));
      return {
        codes: items.map((i) => i.code),
        unmet: Object.fromEntries(items.filter((i) => i.unmet.length > 0).map((i) => [i.code, i.unmet])),
        roast: answer.SensoryRoastType,
        flavour: answer.SensoryFlavorType,
      };
    } catch (err) {
      throw new QuizUnavailable("unavailable", { cause: err });
    }
  };
  if (!adviceCacheTtlMs) return load();
  return adviceCache.forceFetch(`${endpoint}|${ctx.brand.id}|${hash}|${token}`, { context: load });
}

// ——— Saved user quiz data (the commerce API) ———

function userPath(ctx: ApiClientContext): string {
  return `users/${encodeURIComponent(ctx.shopper?.userPathId ?? "current")}/beverage-quiz`;
}

/** submitQuiz: saves the answers and their profile to the signed-in customer. */
export function saveQuizAnswers(ctx: ApiClientContext, answers: BeverageAnswers, advice: BeverageAdvice): Promise<SavedUserQuizData> {
  return callApi(ctx, {
    method: "POST",
    path: `${userPath(ctx)}/submitQuiz`,
    json: { quizResponse: encodeBits(answers), sensoryRoastType: advice.roast, sensoryFlavorType: advice.flavour },
    schema: SavedUserQuizDataSchema,
    auth: "required",
  });
}

/** fetchQuizResponse: the customer's saved answers, or null when they have none. */
export async function savedQuizAnswers(ctx: ApiClientContext): Promise<BeverageAnswers | null> {
  try {
    const saved = await callApi(ctx, { path: `${userPath(ctx)}/fetchQuizResponse`, schema: SavedUserQuizDataSchema, auth: "required" });
    return decodeBits(saved.quizResponse);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 401)) return null;
    throw err;
  }
}

/** The products of the results, with their classifications (roast, flavour, caffeine), in the order given. */
export async function quizProducts(ctx: ApiClientContext, codes: readonly string[], productsSize?: number): Promise<Product[]> {
  if (codes.length === 0) return [];
  const list = await callApi(ctx, {
    path: "products/productDetails",
    query: { productCodes: codes.join(","), fields: "FULL", pageType: "ContentPage", productsSize },
    schema: ProductListSchema,
    withCurrency: true,
  });
  const byCode = new Map(list.products.map((p) => [p.code, p]));
  return codes.map((c) => byCode.get(c)).filter((p): p is Product => p !== undefined);
}

/** A product's value for a classification feature (roast, flavour, caffeine), in the page's language. */
export function featureValue(product: Product, code: string): string | undefined {
  for (const c of product.classifications ?? []) {
    const feature = c.features.find((f) => f.code === code);
    if (feature) return feature.featureValues[0]?.value;
  }
  return undefined;
}

/** The variant to add for the brewing format asked for (a bag for ground coffee), else the family's default. */
export function variantToAdd(product: Product, answers: BeverageAnswers): string {
  const pack = answers.format === "bagged" ? "Bagged" : answers.format === "pods" ? "KCup" : undefined;
  const inStock = product.variantOptions.filter((v) => v.stock.stockLevelStatus !== "outOfStock");
  const fitting = pack ? inStock.find((v) => v.packType === pack) : undefined;
  return fitting?.code ?? product.defaultVariantCode ?? inStock[0]?.code ?? product.code;
}

// ——— The beverage quiz's flow ———

/** What the quiz pages need of the shopper's session: who is signed in, and the quiz cookies. */
export interface QuizShopper {
  readonly userPathId: string;
  readonly customer: { userId: string } | undefined;
  readonly actingFor: { customerId: string } | undefined;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, options?: { maxAgeMs?: number }): boolean;
}

const customerIdOf = (shopper: QuizShopper) => shopper.actingFor?.customerId ?? shopper.customer?.userId;
const signedIn = (shopper: QuizShopper) => shopper.userPathId !== "anonymous";

export const BEVERAGE_QUIZ_PATH = "/perfectcup";
export const BEVERAGE_RESULTS_PATH = "/perfectcup/results";

/** The results link that carries the answers: anyone may open it (it holds no personal data). */
export function shareableResultsPath(answers: BeverageAnswers): string {
  return `${BEVERAGE_RESULTS_PATH}?answers=${encodeURIComponent(encodeBits(answers))}`;
}

/**
 * The quiz page's submit: the answers are looked up, saved to the customer when signed in (else
 * remembered in the answers cookie, consent permitting), and the shopper goes to the results.
 * Answers where the results should go (path with query).
 */
export async function submitBeverageQuiz(ctx: ApiClientContext, shopper: QuizShopper, answers: BeverageAnswers): Promise<string> {
  const advice = await lookupBeverages(ctx, answers, customerIdOf(shopper));
  if (signedIn(shopper)) {
    try {
      await saveQuizAnswers(ctx, answers, advice);
      return BEVERAGE_RESULTS_PATH;
    } catch (err) {
      // The results still show from the link; only remembering them failed.
      ctx.logger.warn({ err, correlationId: ctx.correlationId }, "quiz answers could not be saved to the customer");
      return shareableResultsPath(answers);
    }
  }
  shopper.setCookie(BEVERAGE_ANSWERS_COOKIE, signCookieValue(encodeBits(answers)), { maxAgeMs: BEVERAGE_ANSWERS_DAYS * 86_400_000 });
  return shareableResultsPath(answers);
}

export type BeverageResults =
  | { redirect: string }
  | {
      answers: BeverageAnswers;
      advice: BeverageAdvice;
      products: Product[];
      /** When no product shown fits every answer: the answers they were chosen without, in the quiz's order. */
      relaxed: BeverageQuestion[];
      source: "link" | "account" | "cookie";
      shareablePath: string;
    };

/**
 * The answers the shown products were chosen without, when none of them fits every answer: each
 * answer at least one of them does not fit. Empty when any shown product fits them all.
 */
export function relaxedAnswers(advice: BeverageAdvice, shownCodes: readonly string[]): BeverageQuestion[] {
  const unmet = shownCodes.map((code) => (Object.hasOwn(advice.unmet, code) ? advice.unmet[code]! : []));
  if (unmet.length === 0 || unmet.some((u) => u.length === 0)) return [];
  return BEVERAGE_QUESTIONS.filter((q) => unmet.some((u) => u.includes(q)));
}

/**
 * The results page: answers from the link, else the customer's saved ones (signed in) or the
 * answers cookie (anonymous); with none, the quiz start. The first four codes are loaded.
 */
export async function beverageResults(
  ctx: ApiClientContext,
  shopper: QuizShopper,
  linked: string | null,
  productDetailsSize: number,
): Promise<BeverageResults> {
  let answers: BeverageAnswers | null;
  let source: "link" | "account" | "cookie";
  if (linked !== null) {
    // A "+" typed into a link arrives as a space; bits never contain spaces.
    answers = decodeBits(linked.replaceAll(" ", "+"));
    if (!answers) return { redirect: `${BEVERAGE_QUIZ_PATH}?problem=answers` };
    source = "link";
  } else if (signedIn(shopper)) {
    try {
      answers = await savedQuizAnswers(ctx);
    } catch (err) {
      throw new QuizUnavailable("unavailable", { cause: err });
    }
    source = "account";
  } else {
    const cookie = shopper.cookie(BEVERAGE_ANSWERS_COOKIE);
    answers = cookie === undefined ? null : decodeBits(verifyCookieValue(cookie) ?? "");
    if (cookie !== undefined && !answers) return { redirect: `${BEVERAGE_QUIZ_PATH}?problem=answers` };
    source = "cookie";
  }
  if (!answers) return { redirect: BEVERAGE_QUIZ_PATH };
  const advice = await lookupBeverages(ctx, answers, customerIdOf(shopper));
  const codes = beverageResultCodes(advice.codes, productDetailsSize);
  let products: Product[];
  try {
    products = await quizProducts(ctx, codes, codes.length || undefined);
  } catch (err) {
    throw new QuizUnavailable("unavailable", { cause: err });
  }
  if (products.length === 0) throw new QuizUnavailable("unavailable");
  const relaxed = relaxedAnswers(
    advice,
    products.map((p) => p.code),
  );
  return { answers, advice, products, relaxed, source, shareablePath: shareableResultsPath(answers) };
}

/** A quiz that could not go on is logged with the request's correlation id; the shopper is sent back to its start. */
export function logQuizFailure(ctx: ApiClientContext, quiz: "beverage" | "brewer", err: unknown): void {
  ctx.logger.warn(
    { err, correlationId: ctx.correlationId, brand: ctx.brand.id, lang: ctx.lang, quiz, reason: err instanceof QuizUnavailable ? err.reason : "unknown" },
    "quiz failed; the shopper returns to its start",
  );
}
