import { describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import {
  DEVELOPMENT_QUIZ_CREDENTIALS,
  encodeBits,
  QuestionItemsSchema,
  QuestionStartResponseSchema,
  QuizLookupResponseSchema,
  SavedUserQuizDataSchema,
  type BeverageAnswers,
} from "../../commerce/contract/quiz";
import { lookupHashOf } from "../../commerce/contract/quiz-hash";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

const KEY = DEVELOPMENT_QUIZ_CREDENTIALS.lookupApiKey;
const CONTEXT = "ctx-0123456789abcdef";

describe.each(DIALECTS)("quiz services on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const base = () => suite.api().baseUrl;
  const db = () => suite.api().db;

  const lookup = (hash: string, site = "usb2c", headers: Record<string, string> = { "X-Api-Key": KEY, "X-Context-Token": CONTEXT }) =>
    fetch(`${base()}/rest/sensory/v1/lookup?lookupHash=${hash}&site=${site}`, { headers });
  const lookedUp = async (answers: BeverageAnswers, site = "usb2c") => {
    const res = await lookup(lookupHashOf(encodeBits(answers)), site);
    expect(res.status).toBe(200);
    return QuizLookupResponseSchema.parse(await res.json());
  };
  /** The base products' own facts, to check the advice against the catalog. */
  const facts = async (codes: readonly string[]) =>
    db().selectFrom("product").select(["code", "product_type", "roast", "flavor", "caffeine"]).where("code", "in", codes).orderBy("code").execute();

  describe("the recommendation lookup service", () => {
    it("answers a dark, bold, caffeinated coffee drinker with dark caffeinated coffees and a dark, bold profile", async () => {
      const answer = await lookedUp({ drink: "coffee", roast: "dark", flavours: ["bold"], caffeine: "regular", format: "pods" });
      expect(answer.SensoryRoastType).toBe("Dark");
      expect(answer.SensoryFlavorType).toBe("bold");
      expect(answer.SensoryResponse.length).toBeGreaterThanOrEqual(4);
      const firstFour = await facts(answer.SensoryResponse.slice(0, 4).map((i) => i.ProductID));
      expect(firstFour).toHaveLength(4);
      for (const p of firstFour) {
        expect(p).toMatchObject({ product_type: "Coffee", roast: "dark", caffeine: "caffeinated" });
      }
      // Best first.
      const scores = answer.SensoryResponse.map((i) => i.Score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });

    it("says of each product the answers it does not fit: a light, bold coffee drinker gets light coffees, none of them bold", async () => {
      const answer = await lookedUp({ drink: "coffee", roast: "light", flavours: ["bold"], caffeine: "regular", format: "pods" });
      const firstFour = answer.SensoryResponse.slice(0, 4);
      for (const item of firstFour) expect(item.UnmetAnswers).toEqual(["flavours"]);
      for (const p of await facts(firstFour.map((i) => i.ProductID))) expect(p.roast).toBe("light");
      const fitting = await lookedUp({ drink: "coffee", roast: "dark", flavours: ["bold"], caffeine: "regular", format: "pods" });
      expect(fitting.SensoryResponse[0]!.UnmetAnswers).toEqual([]);
    });

    it("never offers caffeine to a shopper who wants none", async () => {
      const answer = await lookedUp({ drink: "coffee", roast: "medium", flavours: ["smooth"], caffeine: "none", format: "either" });
      const all = await facts(answer.SensoryResponse.map((i) => i.ProductID));
      expect(all.length).toBeGreaterThan(0);
      for (const p of all) expect(["decaf", "caffeine-free"]).toContain(p.caffeine);
      expect(all.filter((p) => p.product_type === "Coffee").length).toBeGreaterThanOrEqual(2);
    });

    it("gives tea drinkers teas and no roast", async () => {
      const answer = await lookedUp({ drink: "tea", roast: "light", flavours: ["herbal", "fruity"], caffeine: "regular", format: "pods" });
      expect(answer.SensoryRoastType).toBe("None");
      const firstFour = await facts(answer.SensoryResponse.slice(0, 4).map((i) => i.ProductID));
      for (const p of firstFour) expect(p.product_type).toBe("Tea");
    });

    it("answers Canadian product ids with the -CA suffix, each a product the Canadian store sells", async () => {
      const answer = await lookedUp({ drink: "coffee", roast: "medium", flavours: ["nutty"], caffeine: "regular", format: "pods" }, "cab2c");
      expect(answer.SensoryResponse.length).toBeGreaterThan(0);
      for (const item of answer.SensoryResponse) expect(item.ProductID).toMatch(/^\d{4}-[A-Z]{4}-CA$/);
      const codes = answer.SensoryResponse.map((i) => i.ProductID.replace(/-CA$/, ""));
      const sold = await db().selectFrom("product_site").select("product_code").where("site", "=", "cab2c").where("product_code", "in", codes).execute();
      expect(sold).toHaveLength(codes.length);
    });

    it("refuses a missing or wrong API key with 401 and gives no advice", async () => {
      const hash = lookupHashOf(encodeBits({ drink: "coffee", roast: "dark", flavours: ["bold"], caffeine: "regular", format: "pods" }));
      for (const headers of [{}, { "X-Api-Key": "not-the-key-at-all-000" }] as Record<string, string>[]) {
        const res = await lookup(hash, "usb2c", headers);
        expect(res.status).toBe(401);
        const body = (await res.json()) as { errors: { type: string }[]; SensoryResponse?: unknown };
        expect(body.errors[0]!.type).toBe("UnauthorizedError");
        expect(body.SensoryResponse).toBeUndefined();
      }
    });

    it("answers 404 for a hash no answers have, and 400 for a malformed hash, site or context token", async () => {
      expect((await lookup("0".repeat(32))).status).toBe(404);
      expect((await lookup("not-a-hash")).status).toBe(400);
      const hash = lookupHashOf(encodeBits({ drink: "cocoa", roast: "light", flavours: ["sweet"], caffeine: "none", format: "pods" }));
      expect((await lookup(hash, "xx")).status).toBe(400);
      expect((await lookup(hash, "usb2c", { "X-Api-Key": KEY, "X-Context-Token": "<script>" })).status).toBe(400);
    });
  });

  describe("saved user quiz data", () => {
    const signIn = async (email: string) => {
      const res = await fetch(`${base()}/authorizationserver/oauth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site: "usb2c" }).toString(),
      });
      expect(res.status).toBe(200);
      return TokenResponseSchema.parse(await res.json()).access_token;
    };
    const call = (method: string, path: string, token?: string, body?: unknown) =>
      fetch(`${base()}/rest/v2/usb2c${path}`, {
        method,
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const bits = encodeBits({ drink: "coffee", roast: "dark", flavours: ["bold", "chocolate"], caffeine: "regular", format: "pods" });

    it("a customer saves answers with their profile and reads them back; a retake replaces them", async () => {
      const token = await signIn("demo.customer@example.com");
      const saved = await call("POST", "/users/current/beverage-quiz/submitQuiz", token, {
        quizResponse: bits,
        sensoryRoastType: "Dark",
        sensoryFlavorType: "bold",
      });
      expect(saved.status).toBe(200);
      expect(SavedUserQuizDataSchema.parse(await saved.json())).toMatchObject({ quizResponse: bits, sensoryRoastType: "Dark" });

      const retake = encodeBits({ drink: "tea", roast: "light", flavours: ["herbal"], caffeine: "none", format: "pods" });
      expect(
        (await call("POST", "/beverage-quiz/submitQuiz", token, { quizResponse: retake, sensoryRoastType: "None", sensoryFlavorType: "herbal" })).status,
      ).toBe(200);
      const read = await call("GET", "/beverage-quiz/fetchQuizResponse", token);
      expect(read.status).toBe(200);
      expect(SavedUserQuizDataSchema.parse(await read.json())).toMatchObject({ quizResponse: retake, sensoryRoastType: "None", sensoryFlavorType: "herbal" });
    });

    it("is the customer's own: anonymous callers get 401, another customer finds none (404)", async () => {
      expect((await call("GET", "/users/current/beverage-quiz/fetchQuizResponse")).status).toBe(401);
      const other = await signIn("demo.perks@example.com");
      expect((await call("GET", "/users/current/beverage-quiz/fetchQuizResponse", other)).status).toBe(404);
    });

    it("refuses tampered answers with 400 and stores nothing", async () => {
      const token = await signIn("demo.employee@example.com");
      for (const quizResponse of ["coffee.dark.bold.regular", "coffee.burnt.bold.regular.pods", "coffee.dark.chocolate+bold.regular.pods", "x".repeat(500)]) {
        const res = await call("POST", "/beverage-quiz/submitQuiz", token, { quizResponse, sensoryRoastType: "Dark", sensoryFlavorType: "bold" });
        expect(res.status, quizResponse).toBe(400);
      }
      expect(
        (await call("POST", "/beverage-quiz/submitQuiz", token, { quizResponse: bits, sensoryRoastType: "Charred", sensoryFlavorType: "bold" })).status,
      ).toBe(400);
      expect((await call("GET", "/beverage-quiz/fetchQuizResponse", token)).status).toBe(404);
    });
  });

  describe("the question service", () => {
    const service = () => `${base()}/rest/question-service`;
    const { questionClientId: id, questionClientSecret: secret } = DEVELOPMENT_QUIZ_CREDENTIALS;
    const auth = (clientId: string = id, clientSecret: string = secret, baseUrl = service()) =>
      fetch(`${service()}/auth?client_id=${encodeURIComponent(clientId)}&client_secret=${encodeURIComponent(clientSecret)}`, {
        method: "POST",
        headers: { "X-Base-Url": baseUrl },
      });
    const token = async () => {
      const res = await auth();
      expect(res.status).toBe(200);
      const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
      expect(body.token_type).toBe("bearer");
      expect(body.expires_in).toBeGreaterThan(0);
      return body.access_token;
    };
    const post = (path: string, bearer: string | undefined, body: unknown, baseUrl = service()) =>
      fetch(`${service()}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Base-Url": baseUrl, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify(body),
      });
    const start = async (bearer: string, site = "usb2c", lang = "en") => {
      const res = await post("/api/start", bearer, { seedData: { quiz: "brewer", site, lang }, params: {} });
      expect(res.status).toBe(200);
      return QuestionStartResponseSchema.parse(await res.json());
    };
    const next = async (bearer: string, investigateUrl: string, answers: { question: string; value: string }[]) => {
      const res = await post(`/api/oracle${investigateUrl}`, bearer, { answers });
      expect(res.status).toBe(200);
      return QuestionItemsSchema.parse(await res.json()).items;
    };

    it("signs a client in, starts with the first question of five and walks the tree to labels and an end", async () => {
      const bearer = await token();
      const first = await start(bearer);
      expect(first.items).toEqual([
        { kind: "screen", text: "1,5" },
        expect.objectContaining({ kind: "input", id: "household", text: "How many coffee drinkers live with you?" }),
      ]);
      const path = [
        { question: "household", value: "two" },
        { question: "cups", value: "some" },
        { question: "drinks", value: "lattes" },
        { question: "space", value: "plenty" },
      ];
      const fourth = await next(bearer, first.investigateUrl, path.slice(0, 3));
      expect(fourth[0]).toEqual({ kind: "screen", text: "4,5" });
      expect(fourth[1]).toMatchObject({ kind: "input", id: "space" });
      const done = await next(bearer, first.investigateUrl, [...path, { question: "budget", value: "mid" }]);
      expect(done).toEqual([
        { kind: "label", text: "8008-BFBR" },
        { kind: "label", text: "8007-BFBR" },
        { kind: "end", text: "Here are the brewers that fit your answers." },
      ]);
    });

    it("asks the Canadian French tree in French, and steps back when fewer answers are re-posted", async () => {
      const bearer = await token();
      const first = await start(bearer, "cab2c", "fr");
      expect(first.items[1]).toMatchObject({ kind: "input", text: "Combien d’amateurs de café vivent chez vous?" });
      const second = await next(bearer, first.investigateUrl, [{ question: "household", value: "one" }]);
      expect(second[0]).toEqual({ kind: "screen", text: "2,5" });
      const back = await next(bearer, first.investigateUrl, []);
      expect(back).toEqual(first.items);
    });

    it("follows a branch of the tree: a large office skips the cups question", async () => {
      const bearer = await token();
      const first = await start(bearer, "usafh", "en");
      const after = await next(bearer, first.investigateUrl, [{ question: "office", value: "large" }]);
      expect(after[0]).toEqual({ kind: "screen", text: "3,5" });
      expect(after[1]).toMatchObject({ kind: "input", id: "drinks" });
    });

    it("refuses wrong credentials with 401 and no access_token", async () => {
      const res = await auth(id, "wrong-secret-0123456789");
      expect(res.status).toBe(401);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.access_token).toBeUndefined();
      expect(body.error).toBe("invalid_client");
      expect((await auth("someone-else", secret)).status).toBe(401);
    });

    it("refuses a missing, tampered, or other service's token with 401", async () => {
      const bearer = await token();
      const seed = { seedData: { quiz: "brewer", site: "usb2c", lang: "en" } };
      expect((await post("/api/start", undefined, seed)).status).toBe(401);
      const [payload, signature] = bearer.split(".");
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
      const forged = `${Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 86_400 })).toString("base64url")}.${signature}`;
      for (const bad of [forged, `${bearer}x`, "abc.def"]) {
        const res = await post("/api/start", bad, seed);
        expect(res.status, bad).toBe(401);
        expect(((await res.json()) as { errors: { type: string }[] }).errors[0]!.type).toBe("InvalidTokenError");
      }
      expect((await post("/api/start", bearer, seed, "https://elsewhere.example/")).status).toBe(401);
    });

    it("answers a path that leaves the tree with 400, an unknown quiz with 404, malformed bodies with 400", async () => {
      const bearer = await token();
      const first = await start(bearer);
      const wrong = await post(`/api/oracle${first.investigateUrl}`, bearer, { answers: [{ question: "budget", value: "low" }] });
      expect(wrong.status).toBe(400);
      const unknownValue = await post(`/api/oracle${first.investigateUrl}`, bearer, { answers: [{ question: "household", value: "dozens" }] });
      expect(unknownValue.status).toBe(400);
      expect((await post("/api/oracle/investigate/brewer/usafh/fr", bearer, { answers: [] })).status).toBe(404);
      expect((await post("/api/start", bearer, { seedData: { quiz: "pods", site: "usb2c", lang: "en" } })).status).toBe(400);
      expect((await post(`/api/oracle${first.investigateUrl}`, bearer, { answers: "all of them" })).status).toBe(400);
    });
  });
});
