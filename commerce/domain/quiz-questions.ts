import { createHmac, timingSafeEqual } from "node:crypto";
import { type Answer, type QuestionItem, type QuestionTree, QuestionTreeSchema, type SeedData } from "../contract/quiz";
import type { Db } from "../db/index";
import { findQuizTree } from "../db/quizzes";
import { type LoadingCache, loadingCache, textBytes } from "./caches";
import { invalid, notFound } from "./errors";

/** How long a question-service access token lasts: long enough for a quiz, short enough to be worth little. */
export const QUESTION_TOKEN_SECONDS = 1800;

export interface QuestionServiceOptions {
  db: Db;
  /** The one client the built-in service knows (the storefront), from configuration. */
  client: { id: string; secret: string };
  /** Signs access tokens. */
  signingSecret: string;
  /** How long decision trees are kept in memory. */
  cacheTtlMs?: number;
  /** What the kept decision trees may take together. */
  cacheBytes: number;
}

interface TokenClaims {
  sub: string;
  /** The base URL the client said it would call: a token is good for that service only. */
  aud: string;
  exp: number;
}

/** `screen` items say where the shopper is: "current,total". */
export const screenText = (current: number, total: number) => `${current},${total}`;

/**
 * What follows these answers in the tree: the next question (with a `screen` item saying which of
 * how many it is), or, once a path ends, the products as `label` items and an `end` item. Answers
 * must follow the tree's path exactly; anything else is refused, so a tampered path gets nothing.
 */
export function nextItems(tree: QuestionTree, answers: readonly Answer[]): QuestionItem[] {
  const total = tree.questions.length;
  let index = 0;
  const given: Record<string, string> = {};
  for (const answer of answers) {
    const question = tree.questions[index];
    if (!question) throw invalid("answers", "There are more answers than questions on this path.");
    if (answer.question !== question.id) throw invalid("answers", `The answer to '${question.id}' was expected, not '${answer.question}'.`);
    const option = question.options.find((o) => o.value === answer.value);
    if (!option) throw invalid("answers", `'${answer.value}' is not an answer to '${question.id}'.`);
    given[question.id] = answer.value;
    index = option.next ? tree.questions.findIndex((q) => q.id === option.next) : index + 1;
    if (index < 0) throw invalid("answers", `The tree names a question '${option.next}' it does not have.`);
  }
  const question = tree.questions[index];
  if (question) {
    return [
      { kind: "screen", text: screenText(index + 1, total) },
      { kind: "input", id: question.id, text: question.text, options: question.options.map(({ value, text }) => ({ value, text })) },
    ];
  }
  const rule = tree.results.find((r) => Object.entries(r.when).every(([id, values]) => given[id] !== undefined && values.includes(given[id]!)));
  const labels = (rule ?? tree.results[tree.results.length - 1]!).labels;
  return [...labels.map((text): QuestionItem => ({ kind: "label", text })), { kind: "end", text: tree.end }];
}

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

/**
 * The question service: a client signs in with its credentials for a base URL and gets a bearer
 * token; with it, it starts a quiz (the first question and where to ask the next) and sends the
 * answers so far to get what follows. It keeps no state per shopper: the path of answers is the state.
 */
export class QuestionService {
  private readonly trees: LoadingCache<QuestionTree>;

  constructor(private readonly options: QuestionServiceOptions) {
    this.trees = loadingCache({ maxSize: options.cacheBytes, sizeCalculation: (tree) => textBytes(JSON.stringify(tree)), ttl: options.cacheTtlMs ?? 60_000 });
  }

  /** An access token for a known client, or undefined for wrong credentials. */
  authenticate(clientId: string, clientSecret: string, baseUrl: string, now = Date.now()): { token: string; expiresIn: number } | undefined {
    const { client } = this.options;
    if (!sameText(clientId, client.id) || !sameText(clientSecret, client.secret)) return undefined;
    const claims: TokenClaims = { sub: clientId, aud: baseUrl, exp: Math.floor(now / 1000) + QUESTION_TOKEN_SECONDS };
    const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
    return { token: `${payload}.${sign(this.options.signingSecret, payload)}`, expiresIn: QUESTION_TOKEN_SECONDS };
  }

  /** Whether the bearer token is one this service issued, unexpired, for this base URL. */
  verify(token: string, baseUrl: string, now = Date.now()): boolean {
    const [payload, signature, ...rest] = token.split(".");
    if (!payload || !signature || rest.length > 0) return false;
    if (!sameText(signature, sign(this.options.signingSecret, payload))) return false;
    try {
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<TokenClaims>;
      return claims.aud === baseUrl && typeof claims.exp === "number" && claims.exp > Math.floor(now / 1000);
    } catch {
      return false;
    }
  }

  async start(seed: SeedData): Promise<{ investigateUrl: string; items: QuestionItem[] }> {
    const tree = await this.tree(seed.quiz, seed.site, seed.lang);
    return { investigateUrl: `/investigate/${seed.quiz}/${seed.site}/${seed.lang}`, items: nextItems(tree, []) };
  }

  /** What follows the answers on the quiz an investigate path names. */
  async next(investigatePath: string, answers: readonly Answer[]): Promise<QuestionItem[]> {
    const match = /^\/investigate\/(brewer)\/(usb2c|cab2c|usafh)\/(en|fr)$/.exec(investigatePath);
    if (!match) throw notFound("investigateUrl", `No quiz is asked at '${investigatePath}'.`, "investigation");
    return nextItems(await this.tree(match[1]!, match[2]!, match[3]!), answers);
  }

  private tree(quiz: string, site: string, lang: string): Promise<QuestionTree> {
    return this.trees.forceFetch(`${quiz}|${site}|${lang}`, {
      context: async () => {
        const stored = await findQuizTree(this.options.db, quiz, site, lang);
        if (!stored) throw notFound("seedData", `There is no ${quiz} quiz for ${site} in '${lang}'.`, "quiz");
        return QuestionTreeSchema.parse(JSON.parse(stored));
      },
    });
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
