import { z } from "zod";
import {
  type Answer,
  AnswerSchema,
  QuestionAuthResponseSchema,
  type QuestionItem,
  QuestionItemSchema,
  QuestionItemsSchema,
  QuestionStartResponseSchema,
} from "../../commerce/contract/quiz";
import { storefrontConfig } from "../config.server";
import { type ApiClientContext, ApiError, callApi } from "../lib/api-client.server";
import type { Product } from "../../commerce/contract/product";
import { getLayoutContent } from "./cms.server";
import { quizProducts, QuizUnavailable, signCookieValue, verifyCookieValue } from "./quiz.server";

/** The brewer quiz's result cookie (strictly necessary: the results page cannot show without it). */
export const BREWER_PRODUCTS_COOKIE = "brewerQuizProducts";
export const BREWER_PRODUCTS_DAYS = 7;

/** The question-service quiz as the session keeps it between requests. */
export const QuestionQuizStateSchema = z.object({
  /** The answers given, in order: the path through the tree. */
  questions: z.array(AnswerSchema).max(20),
  /** The service's last answer as it came. */
  rawQuestions: z.array(QuestionItemSchema).max(30),
  /** The products once an `end` item came; null while questions remain. */
  finalResult: z.array(z.string()).max(30).nullable(),
  totalQuestion: z.number().int().min(0),
  currentQuestion: z.number().int().min(0),
  investigateUrl: z.string().regex(/^\/[A-Za-z0-9/_-]{1,200}$/),
  token: z.string().max(2000),
  /** The store and language it was started for: a quiz started in English is not continued in French. */
  site: z.string(),
  lang: z.string(),
});
export type QuestionQuizState = z.infer<typeof QuestionQuizStateSchema>;

/** The session's quiz, if it is one this storefront wrote for this store and language. */
export function readQuizState(raw: unknown, ctx: Pick<ApiClientContext, "brand" | "lang">): QuestionQuizState | undefined {
  const parsed = QuestionQuizStateSchema.safeParse(raw);
  return parsed.success && parsed.data.site === ctx.brand.id && parsed.data.lang === ctx.lang ? parsed.data : undefined;
}

/** A `screen` item's text: "current,total" (two whole numbers); null for anything else. */
export function parseScreen(text: string): { current: number; total: number } | null {
  const match = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(text);
  if (!match) return null;
  const current = Number(match[1]);
  const total = Number(match[2]);
  return current >= 1 && total >= 1 && current <= total ? { current, total } : null;
}

/** The question being asked, if the last answer holds one. */
export function currentInput(state: Pick<QuestionQuizState, "rawQuestions">): Extract<QuestionItem, { kind: "input" }> | undefined {
  return state.rawQuestions.find((i): i is Extract<QuestionItem, { kind: "input" }> => i.kind === "input");
}

/**
 * The final codes: the `label` items' codes with the brand's default brewer inserted at the
 * configured index (at the end when the list is shorter; never twice), at most `maxSize` codes.
 */
export function finalCodes(items: readonly QuestionItem[], defaultProduct: string | undefined, index: number, maxSize: number): string[] {
  const labels = items.filter((i) => i.kind === "label").map((i) => i.text.trim());
  const codes = [...new Set(labels)].filter((c) => c && c !== defaultProduct);
  if (defaultProduct) codes.splice(Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : 0, codes.length)), 0, defaultProduct);
  return codes.slice(0, Math.max(0, maxSize));
}

/**
 * The state after a service answer: its items become rawQuestions; a `screen` item moves the
 * position; an `end` item sets the final result (the labels, default brewer inserted).
 */
export function applyItems(
  state: QuestionQuizState,
  items: readonly QuestionItem[],
  result: { defaultProduct?: string; index: number; maxSize: number },
): QuestionQuizState {
  const screen = items.find((i) => i.kind === "screen");
  const position = screen ? parseScreen(screen.text) : null;
  const ended = items.some((i) => i.kind === "end");
  return {
    ...state,
    rawQuestions: [...items],
    currentQuestion: position?.current ?? state.currentQuestion,
    totalQuestion: position?.total ?? state.totalQuestion,
    finalResult: ended ? finalCodes(items, result.defaultProduct, result.index, result.maxSize) : null,
  };
}

/** Remove last question: the last answer is taken back. */
export function removeLastQuestion(state: QuestionQuizState): QuestionQuizState {
  return { ...state, questions: state.questions.slice(0, -1) };
}

/** Previous question: the last answer taken back, and the position one lower. */
export function stepBack(state: QuestionQuizState): QuestionQuizState {
  return { ...resetFinalResult(removeLastQuestion(state)), currentQuestion: Math.max(1, state.currentQuestion - 1) };
}

export function resetFinalResult(state: QuestionQuizState): QuestionQuizState {
  return { ...state, finalResult: null };
}

// ——— Calls to the question service ———

function serviceBase(ctx: ApiClientContext): string {
  return (storefrontConfig().quizzes.questionServiceUrl ?? new URL("/rest/question-service", ctx.apiBaseUrl).toString()).replace(/\/+$/, "");
}

/** One call to the service at `base` + `path`, with the base URL in X-Base-Url as the service asks. */
function serviceCall<S extends z.ZodType>(
  ctx: ApiClientContext,
  base: string,
  path: string,
  schema: S,
  options: { json?: unknown; query?: Record<string, string>; bearer?: string },
) {
  const url = new URL(`${base}${path}`);
  return callApi({ ...ctx, apiBaseUrl: url.origin }, { method: "POST", path: url.pathname, schema, headers: { "X-Base-Url": base }, ...options });
}

/** auth: the credentials in the query, the base URL in a header; an answer without access_token is refused. */
async function authenticate(ctx: ApiClientContext, base: string): Promise<string> {
  const { id, secret } = storefrontConfig().quizzes.questionClient;
  let answer: z.infer<typeof QuestionAuthResponseSchema>;
  try {
    answer = await serviceCall(ctx, base, "/auth", QuestionAuthResponseSchema, { query: { client_id: id, client_secret: secret }, json: {} });
  } catch (err) {
    throw new QuizUnavailable(err instanceof ApiError && (err.status === 401 || err.status === 403) ? "auth" : "unavailable", { cause: err });
  }
  if (!answer.access_token) throw new QuizUnavailable("auth");
  return answer.access_token;
}

export interface BrewerResultSettings {
  defaultProduct?: string;
  index: number;
  maxSize: number;
}

/** Start: sign in, then the first question of this store's tree in this language. */
export async function startQuiz(ctx: ApiClientContext, result: BrewerResultSettings): Promise<QuestionQuizState> {
  const base = serviceBase(ctx);
  const token = await authenticate(ctx, base);
  try {
    const started = await serviceCall(ctx, base, "/api/start", QuestionStartResponseSchema, {
      json: { seedData: { quiz: "brewer", site: ctx.brand.id, lang: ctx.lang }, params: {} },
      bearer: token,
    });
    const state: QuestionQuizState = {
      questions: [],
      rawQuestions: [],
      finalResult: null,
      totalQuestion: 0,
      currentQuestion: 1,
      investigateUrl: started.investigateUrl,
      token,
      site: ctx.brand.id,
      lang: ctx.lang,
    };
    return applyItems(state, started.items, result);
  } catch (err) {
    throw new QuizUnavailable("unavailable", { cause: err });
  }
}

/** Posts the answers to the investigate URL; an expired token is renewed once. */
async function ask(ctx: ApiClientContext, state: QuestionQuizState, answers: readonly Answer[]): Promise<{ items: QuestionItem[]; token: string }> {
  const base = serviceBase(ctx);
  const post = (token: string) => serviceCall(ctx, base, `/api/oracle${state.investigateUrl}`, QuestionItemsSchema, { json: { answers }, bearer: token });
  try {
    return { items: (await post(state.token)).items, token: state.token };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) throw new QuizUnavailable("unavailable", { cause: err });
  }
  const token = await authenticate(ctx, base);
  try {
    return { items: (await post(token)).items, token };
  } catch (err) {
    throw new QuizUnavailable("unavailable", { cause: err });
  }
}

/** Next question: the answer joins the path; an `end` item sets the final result. */
export async function answerQuestion(
  ctx: ApiClientContext,
  state: QuestionQuizState,
  answer: Answer,
  result: BrewerResultSettings,
): Promise<QuestionQuizState> {
  const questions = [...state.questions, answer];
  const { items, token } = await ask(ctx, state, questions);
  return applyItems({ ...state, questions, token }, items, result);
}

/** Previous question: the path without its last answer is posted again, and the position goes back by one. */
export async function previousQuestion(ctx: ApiClientContext, state: QuestionQuizState, result: BrewerResultSettings): Promise<QuestionQuizState> {
  if (state.questions.length === 0) return state;
  const back = stepBack(state);
  const { items, token } = await ask(ctx, back, back.questions);
  return applyItems({ ...back, token }, items, result);
}

// ——— The brewer quiz's flow ———

export const BREWER_QUIZ_PATH = "/coffeemakerquiz";
export const BREWER_RESULTS_PATH = "/coffeemakerquiz/results";

/** What the brewer quiz needs of the shopper's session: its state and the result cookie. */
export interface BrewerQuizShopper {
  readonly brewerQuiz: unknown;
  rememberBrewerQuiz(state: QuestionQuizState | undefined): Promise<void>;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string, options?: { maxAgeMs?: number }): boolean;
  deleteCookie(name: string): void;
}

/** The brand's default brewer, its index among the results, and the most products one page loads (site configuration). */
export async function brewerResultSettings(ctx: ApiClientContext): Promise<BrewerResultSettings> {
  const config = (await getLayoutContent(ctx).catch(() => undefined))?.siteConfig ?? {};
  const index = Number(config["brewerQuiz.defaultProductIndex"] ?? 0);
  const maxSize = Number(config["productDetails.defaultSize"] ?? 20);
  return {
    defaultProduct: config["brewerQuiz.defaultProduct"] || undefined,
    index: Number.isInteger(index) && index >= 0 ? index : 0,
    maxSize: Number.isInteger(maxSize) && maxSize > 0 ? maxSize : 20,
  };
}

/** The quiz in progress, or a new one (the service's first question) when there is none or the last one ended. */
export async function currentBrewerQuiz(ctx: ApiClientContext, shopper: BrewerQuizShopper): Promise<QuestionQuizState> {
  const state = readQuizState(shopper.brewerQuiz, ctx);
  if (state && state.finalResult === null && currentInput(state)) return state;
  const started = await startQuiz(ctx, await brewerResultSettings(ctx));
  await shopper.rememberBrewerQuiz(started);
  return started;
}

/**
 * One answer from the form. It must answer the question being asked with one of its options;
 * anything else (a stale tab, a tampered form) starts the quiz again. Answers where to go next.
 */
export async function answerBrewerQuiz(ctx: ApiClientContext, shopper: BrewerQuizShopper, answer: Answer): Promise<string> {
  const state = readQuizState(shopper.brewerQuiz, ctx);
  const asked = state && state.finalResult === null ? currentInput(state) : undefined;
  if (!state || !asked || asked.id !== answer.question || !asked.options.some((o) => o.value === answer.value)) {
    await shopper.rememberBrewerQuiz(undefined);
    return `${BREWER_QUIZ_PATH}?problem=answers`;
  }
  const settings = await brewerResultSettings(ctx);
  const next = await answerQuestion(ctx, state, answer, settings);
  await shopper.rememberBrewerQuiz(next);
  if (next.finalResult === null) return BREWER_QUIZ_PATH;
  shopper.setCookie(BREWER_PRODUCTS_COOKIE, signCookieValue(next.finalResult.join(",")), { maxAgeMs: BREWER_PRODUCTS_DAYS * 86_400_000 });
  return BREWER_RESULTS_PATH;
}

/** Back one question. */
export async function brewerQuizBack(ctx: ApiClientContext, shopper: BrewerQuizShopper): Promise<void> {
  const state = readQuizState(shopper.brewerQuiz, ctx);
  if (!state) return;
  await shopper.rememberBrewerQuiz(await previousQuestion(ctx, state, await brewerResultSettings(ctx)));
}

/** Start over (or retake): the quiz and its result are forgotten. */
export async function restartBrewerQuiz(shopper: BrewerQuizShopper): Promise<void> {
  shopper.deleteCookie(BREWER_PRODUCTS_COOKIE);
  await shopper.rememberBrewerQuiz(undefined);
}

const CodeListSchema = z
  .string()
  .max(1000)
  .transform((s) => s.split(","))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/)).min(1));

export type BrewerResults = { redirect: string } | { codes: string[]; products: Product[]; defaultProduct: string | undefined; shareablePath: string };

/**
 * The results page: the codes from the link (shareable) or the result cookie; without them, or
 * with codes that were altered, the quiz start.
 */
export async function brewerResults(ctx: ApiClientContext, shopper: BrewerQuizShopper, linked: string | null): Promise<BrewerResults> {
  const raw = linked ?? verifyCookieValue(shopper.cookie(BREWER_PRODUCTS_COOKIE));
  if (raw === undefined) return { redirect: shopper.cookie(BREWER_PRODUCTS_COOKIE) === undefined ? BREWER_QUIZ_PATH : `${BREWER_QUIZ_PATH}?problem=answers` };
  const codes = CodeListSchema.safeParse(raw);
  const settings = await brewerResultSettings(ctx);
  if (!codes.success || codes.data.length > settings.maxSize) return { redirect: `${BREWER_QUIZ_PATH}?problem=answers` };
  let products: Product[];
  try {
    products = await quizProducts(ctx, codes.data, codes.data.length);
  } catch (err) {
    throw new QuizUnavailable("unavailable", { cause: err });
  }
  if (products.length === 0) return { redirect: `${BREWER_QUIZ_PATH}?problem=answers` };
  return {
    codes: codes.data,
    products,
    defaultProduct: settings.defaultProduct,
    shareablePath: `${BREWER_RESULTS_PATH}?codes=${codes.data.map(encodeURIComponent).join(",")}`,
  };
}
