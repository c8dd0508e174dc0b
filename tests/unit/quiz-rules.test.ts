import { describe, expect, it, vi } from "vitest";

vi.mock("../../app/config.server", () => ({
  storefrontConfig: () => ({
    sessionSecrets: ["unit-test-session-secret-0123456789abcdef", "older-session-secret-0123456789abcdef"],
    recommendationCacheTtlMs: 0,
    apiTimeoutMs: 5000,
    quizzes: { lookupUrl: undefined, lookupApiKey: "k".repeat(20), questionServiceUrl: undefined, questionClient: { id: "c", secret: "s".repeat(20) } },
  }),
}));

const { allBeverageAnswers, decodeBits, encodeBits } = await import("../../commerce/contract/quiz");
type BeverageAnswers = import("../../commerce/contract/quiz").BeverageAnswers;
type BeverageQuestion = import("../../commerce/contract/quiz").BeverageQuestion;
const { lookupHashOf } = await import("../../commerce/contract/quiz-hash");
const { fitScore, lookupProductId, rankBeverages, tasteProfile, unmetAnswers } = await import("../../commerce/domain/quiz-lookup");
type BeverageFacts = import("../../commerce/db/quizzes").BeverageFacts;
const { nextItems } = await import("../../commerce/domain/quiz-questions");
const { brewerQuizTree } = await import("../../commerce/seed/quizzes");
const { beverageResultCodes, catalogCode, relaxedAnswers, signCookieValue, verifyCookieValue } = await import("../../app/models/quiz.server");
const { createServer } = await import("node:http");
const pino = (await import("pino")).default;
const { lookupBeverages, QuizUnavailable } = await import("../../app/models/quiz.server");
const { startQuiz } = await import("../../app/models/quiz-questions.server");
const { applyItems, finalCodes, parseScreen, readQuizState, removeLastQuestion, resetFinalResult, stepBack } =
  await import("../../app/models/quiz-questions.server");
type QuestionQuizState = import("../../app/models/quiz-questions.server").QuestionQuizState;

const coffee = (code: string, roast: string, flavor: string, caffeine = "caffeinated", salesRank = 50, packTypes = ["KCup"]): BeverageFacts => ({
  code,
  productType: "Coffee",
  roast,
  flavor,
  caffeine,
  salesRank,
  packTypes,
});
const tea = (code: string, flavor: string, caffeine = "caffeinated"): BeverageFacts => ({
  code,
  productType: "Tea",
  roast: null,
  flavor,
  caffeine,
  salesRank: 10,
  packTypes: ["KCup"],
});

const CATALOG: BeverageFacts[] = [
  coffee("5001-SMRG", "light", "Smooth", "caffeinated", 1),
  coffee("5003-SMRG", "dark", "Smoky", "caffeinated", 30),
  coffee("5004-HRBR", "dark", "Earthy", "caffeinated", 40),
  coffee("5009-CLUM", "dark", "Smoky", "caffeinated", 60),
  coffee("5011-CLUM", "dark", "Chocolate", "caffeinated", 20),
  coffee("5010-BFOR", "medium", "Balanced", "caffeinated", 2),
  coffee("5031-SMRG", "dark", "Smoky", "decaf", 5),
  coffee("5008-SMRG", "medium", "Smooth", "decaf", 15),
  tea("6001-PRTE", "Herbal"),
  tea("6004-PRTE", "Herbal", "caffeine-free"),
];

const answers = (a: Partial<BeverageAnswers> = {}): BeverageAnswers => ({
  drink: "coffee",
  roast: "dark",
  flavours: ["bold"],
  caffeine: "regular",
  format: "pods",
  ...a,
});

describe("beverage answers as bits", () => {
  it("are one text per set of answers, whatever order the flavours were picked in", () => {
    expect(encodeBits(answers({ flavours: ["chocolate", "bold"] }))).toBe("coffee.dark.bold+chocolate.regular.pods");
    expect(decodeBits("coffee.dark.bold+chocolate.regular.pods")).toEqual(answers({ flavours: ["bold", "chocolate"] }));
  });

  it("refuse tampered or malformed text: unknown values, a shuffled spelling, too many flavours, missing parts", () => {
    for (const bad of [
      "coffee.dark.chocolate+bold.regular.pods",
      "coffee.burnt.bold.regular.pods",
      "coffee.dark.bold+sweet+nutty+spicy.regular.pods",
      "coffee.dark.bold.regular",
      "coffee.dark..regular.pods",
      "coffee.dark.bold.regular.pods.extra",
      "",
    ]) {
      expect(decodeBits(bad), bad).toBeNull();
    }
  });

  it("hash every possible answer set to a different lookupHash", () => {
    const all = allBeverageAnswers();
    expect(all.length).toBe(3 * 3 * (8 + 28 + 56) * 3 * 3);
    expect(new Set(all.map((a) => lookupHashOf(encodeBits(a)))).size).toBe(all.length);
  });
});

describe("the lookup: answers → profile → codes", () => {
  it("gives a dark, bold, caffeinated coffee drinker dark caffeinated coffees first, best seller first among equals", () => {
    const ranked = rankBeverages(answers(), CATALOG).map((r) => r.code);
    expect(ranked.slice(0, 3)).toEqual(["5003-SMRG", "5004-HRBR", "5009-CLUM"]);
    expect(ranked.indexOf("5001-SMRG")).toBeGreaterThan(ranked.indexOf("5011-CLUM"));
  });

  it("scores the same roast above a neighbour above the opposite roast", () => {
    const a = answers({ flavours: ["herbal"] });
    expect(fitScore(a, coffee("x", "dark", "Sweet"))).toBeGreaterThan(fitScore(a, coffee("y", "medium", "Sweet")));
    expect(fitScore(a, coffee("y", "medium", "Sweet"))).toBeGreaterThan(fitScore(a, coffee("z", "light", "Sweet")));
  });

  it("never offers caffeine to a shopper who asked for none", () => {
    const ranked = rankBeverages(answers({ caffeine: "none", roast: "medium", flavours: ["smooth"] }), CATALOG).map((r) => r.code);
    expect(ranked).toEqual(["5008-SMRG", "5031-SMRG", "6004-PRTE"]);
  });

  it("puts the kind asked for first and fills up with the best of the others", () => {
    const ranked = rankBeverages(answers({ drink: "tea", flavours: ["herbal"] }), CATALOG, 4).map((r) => r.code);
    expect(ranked.slice(0, 2).sort()).toEqual(["6001-PRTE", "6004-PRTE"]);
    expect(ranked).toHaveLength(4);
  });

  it("prefers a pack in the brewing format asked for", () => {
    const a = answers({ format: "bagged" });
    expect(fitScore(a, coffee("b", "dark", "Smoky", "caffeinated", 50, ["KCup", "Bagged"]))).toBeGreaterThan(fitScore(a, coffee("k", "dark", "Smoky")));
  });

  it("states the roast asked for (none for tea) and the chosen flavour the results share most", () => {
    expect(tasteProfile(answers({ flavours: ["bold", "chocolate"] }), [CATALOG[4]!, CATALOG[1]!, CATALOG[2]!])).toEqual({ roast: "Dark", flavour: "bold" });
    expect(tasteProfile(answers({ flavours: ["bold", "chocolate"] }), [CATALOG[4]!])).toEqual({ roast: "Dark", flavour: "chocolate" });
    expect(tasteProfile(answers({ drink: "tea", flavours: ["herbal"] }), [])).toEqual({ roast: "None", flavour: "herbal" });
  });

  it("suffixes Canadian ids with -CA and the storefront strips it again", () => {
    expect(lookupProductId("cab2c", "5001-SMRG")).toBe("5001-SMRG-CA");
    expect(lookupProductId("usb2c", "5001-SMRG")).toBe("5001-SMRG");
    expect(catalogCode("cab2c", "5001-SMRG-CA")).toBe("5001-SMRG");
    expect(catalogCode("usb2c", "5001-SMRG-CA")).toBe("5001-SMRG-CA");
  });
});

describe("answers no product fits", () => {
  it("are named for each product: the very roast, a chosen flavour, the caffeine, the brewing format, the kind of drink", () => {
    const a = answers({ roast: "light", flavours: ["bold"], caffeine: "none", format: "bagged" });
    expect(unmetAnswers(a, coffee("x", "light", "Smoky", "decaf", 1, ["Bagged"]))).toEqual([]);
    expect(unmetAnswers(a, coffee("x", "medium", "Smooth", "caffeinated"))).toEqual(["roast", "flavours", "caffeine", "format"]);
    expect(unmetAnswers(a, tea("t", "Herbal", "caffeine-free"))).toEqual(["drink", "flavours", "format"]);
  });

  it("rank below every product that fits them all, whatever their score", () => {
    // Light and bold: no light coffee here is smoky, so the light ones come first, each without the flavour.
    const ranked = rankBeverages(answers({ roast: "light", flavours: ["bold"] }), CATALOG);
    expect(ranked[0]).toMatchObject({ code: "5001-SMRG", unmet: ["flavours"] });
    const withSmokyLight = rankBeverages(answers({ roast: "light", flavours: ["bold"] }), [
      ...CATALOG,
      coffee("9999-TEST", "light", "Smoky", "caffeinated", 99),
    ]);
    expect(withSmokyLight[0]).toMatchObject({ code: "9999-TEST", unmet: [] });
  });

  it("are said on the results only when none of the products shown fits every answer", () => {
    const advice = {
      codes: ["a", "b", "c"],
      unmet: { a: ["flavours"], b: ["roast", "flavours"] } as Record<string, BeverageQuestion[]>,
      roast: "Light" as const,
      flavour: "bold" as const,
    };
    expect(relaxedAnswers(advice, ["a", "b"])).toEqual(["roast", "flavours"]);
    expect(relaxedAnswers(advice, ["c", "a"])).toEqual([]);
    expect(relaxedAnswers(advice, [])).toEqual([]);
  });
});

describe("the first-four and product-details size limits", () => {
  const codes = ["a", "b", "c", "d", "e", "f"];
  it("keeps only the first four codes", () => {
    expect(beverageResultCodes(codes, 20)).toEqual(["a", "b", "c", "d"]);
  });
  it("never more than the site's product-details size", () => {
    expect(beverageResultCodes(codes, 3)).toEqual(["a", "b", "c"]);
    expect(beverageResultCodes(codes, 0)).toEqual([]);
    expect(beverageResultCodes(["a", "b"], 20)).toEqual(["a", "b"]);
  });
});

describe("the brewer quiz's final codes: labels with the default brewer inserted", () => {
  const items = [
    { kind: "label" as const, text: "8008-BFBR" },
    { kind: "label" as const, text: "8007-BFBR" },
    { kind: "end" as const, text: "Done" },
  ];
  it("inserts the default at the configured index", () => {
    expect(finalCodes(items, "8003-BFBR", 1, 20)).toEqual(["8008-BFBR", "8003-BFBR", "8007-BFBR"]);
    expect(finalCodes(items, "8003-BFBR", 0, 20)).toEqual(["8003-BFBR", "8008-BFBR", "8007-BFBR"]);
  });
  it("puts it last when the index is past the end, and never twice", () => {
    expect(finalCodes(items, "8003-BFBR", 9, 20)).toEqual(["8008-BFBR", "8007-BFBR", "8003-BFBR"]);
    expect(finalCodes([{ kind: "label", text: "8003-BFBR" }, ...items], "8003-BFBR", 1, 20)).toEqual(["8008-BFBR", "8003-BFBR", "8007-BFBR"]);
  });
  it("keeps at most the product-details size, and the labels alone without a default", () => {
    expect(finalCodes(items, "8003-BFBR", 1, 2)).toEqual(["8008-BFBR", "8003-BFBR"]);
    expect(finalCodes(items, undefined, 1, 20)).toEqual(["8008-BFBR", "8007-BFBR"]);
  });
});

describe("screen items", () => {
  it("read as current question and total", () => {
    expect(parseScreen("2,5")).toEqual({ current: 2, total: 5 });
    expect(parseScreen(" 3 , 5 ")).toEqual({ current: 3, total: 5 });
  });
  it("are ignored when they are not two sensible numbers", () => {
    for (const text of ["", "2", "2,", "a,b", "6,5", "0,5", "2,5,7", "-1,5"]) expect(parseScreen(text), text).toBeNull();
  });
});

describe("the question-service state: answers, previous, remove last, reset", () => {
  const state: QuestionQuizState = {
    questions: [
      { question: "household", value: "two" },
      { question: "cups", value: "few" },
    ],
    rawQuestions: [
      { kind: "screen", text: "3,5" },
      { kind: "input", id: "drinks", text: "What do you like to brew?", options: [{ value: "hot", text: "Hot" }] },
    ],
    finalResult: null,
    totalQuestion: 5,
    currentQuestion: 3,
    investigateUrl: "/investigate/brewer/usb2c/en",
    token: "t",
    site: "usb2c",
    lang: "en",
  };
  const settings = { defaultProduct: "8003-BFBR", index: 1, maxSize: 20 };

  it("previous takes back the last answer and goes back one position", () => {
    const back = stepBack({ ...state, finalResult: ["x"] });
    expect(back.questions).toEqual([{ question: "household", value: "two" }]);
    expect(back.currentQuestion).toBe(2);
    expect(back.finalResult).toBeNull();
    expect(stepBack({ ...state, questions: [], currentQuestion: 1 }).currentQuestion).toBe(1);
  });

  it("remove last question drops only the last answer; reset clears only the final result", () => {
    expect(removeLastQuestion(state).questions).toHaveLength(1);
    expect(removeLastQuestion(state).currentQuestion).toBe(3);
    expect(resetFinalResult({ ...state, finalResult: ["8003-BFBR"] })).toEqual(state);
  });

  it("a service answer with a screen moves the position; an end item sets the final result", () => {
    const moved = applyItems(state, [{ kind: "screen", text: "4,5" }, state.rawQuestions[1]!], settings);
    expect(moved).toMatchObject({ currentQuestion: 4, totalQuestion: 5, finalResult: null });
    const ended = applyItems(
      state,
      [
        { kind: "label", text: "8004-BFBR" },
        { kind: "end", text: "Done" },
      ],
      settings,
    );
    expect(ended.finalResult).toEqual(["8004-BFBR", "8003-BFBR"]);
  });

  it("a session state for another store or language, or not a state at all, is none", () => {
    expect(readQuizState(state, { brand: { id: "usb2c", currency: "USD" }, lang: "en" })).toEqual(state);
    expect(readQuizState(state, { brand: { id: "cab2c", currency: "CAD" }, lang: "en" })).toBeUndefined();
    expect(readQuizState({ ...state, questions: "all" }, { brand: { id: "usb2c", currency: "USD" }, lang: "en" })).toBeUndefined();
  });
});

describe("the decision tree as data", () => {
  const tree = brewerQuizTree("usafh", "en", [
    {
      id: "office",
      text: { en: "Size?", ca: "Size?", fr: "Taille?" },
      options: [
        { value: "small", text: { en: "S", ca: "S", fr: "P" } },
        { value: "large", text: { en: "L", ca: "L", fr: "G" }, next: "budget" },
      ],
    },
    { id: "cups", text: { en: "Cups?", ca: "Cups?", fr: "Tasses?" }, options: [{ value: "few", text: { en: "Few", ca: "Few", fr: "Peu" } }] },
    { id: "budget", text: { en: "Budget?", ca: "Budget?", fr: "Budget?" }, options: [{ value: "low", text: { en: "Low", ca: "Low", fr: "Bas" } }] },
  ]);

  it("asks the questions in order, following an answer's branch", () => {
    expect(nextItems(tree, [])[0]).toEqual({ kind: "screen", text: "1,3" });
    expect(nextItems(tree, [{ question: "office", value: "large" }])).toEqual([
      { kind: "screen", text: "3,3" },
      { kind: "input", id: "budget", text: "Budget?", options: [{ value: "low", text: "Low" }] },
    ]);
  });

  it("ends with the first matching rule's labels", () => {
    const items = nextItems(tree, [
      { question: "office", value: "large" },
      { question: "budget", value: "low" },
    ]);
    expect(items.filter((i) => i.kind === "label").map((i) => i.text)).toEqual(["8010-BFBR", "9011-BFAC", "9012-BFAC"]);
    expect(items.at(-1)?.kind).toBe("end");
  });

  it("refuses a path the tree does not have", () => {
    expect(() => nextItems(tree, [{ question: "cups", value: "few" }])).toThrow(/office/);
    expect(() => nextItems(tree, [{ question: "office", value: "huge" }])).toThrow(/not an answer/);
  });
});

describe("signed quiz cookies", () => {
  it("read back what was written, and nothing altered", () => {
    const signed = signCookieValue("coffee.dark.bold.regular.pods");
    expect(verifyCookieValue(signed)).toBe("coffee.dark.bold.regular.pods");
    expect(verifyCookieValue(signed.replace("dark", "light"))).toBeUndefined();
    expect(verifyCookieValue("coffee.dark.bold.regular.pods")).toBeUndefined();
    expect(verifyCookieValue(undefined)).toBeUndefined();
  });
});

describe("quiz service failures, as the storefront meets them", () => {
  /** A stand-in service that answers every request with this status and body. */
  async function fakeService(status: number, body: unknown) {
    const server = createServer((_req, res) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const ctx = {
      apiBaseUrl: `http://127.0.0.1:${port}`,
      brand: { id: "usb2c" as const, currency: "USD" },
      lang: "en" as const,
      correlationId: "corr-1",
      logger: pino({ level: "silent" }),
    };
    return { ctx, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it("an auth answer without access_token is an auth failure the page explains", async () => {
    const { ctx, close } = await fakeService(200, { token_type: "bearer" });
    try {
      const failure = await startQuiz(ctx, { index: 1, maxSize: 20 }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(QuizUnavailable);
      expect((failure as InstanceType<typeof QuizUnavailable>).reason).toBe("auth");
    } finally {
      await close();
    }
  });

  it("refused credentials are an auth failure too; a lookup that fails is 'unavailable'", async () => {
    const refused = await fakeService(401, { error: "invalid_client", error_description: "no" });
    try {
      expect(((await startQuiz(refused.ctx, { index: 1, maxSize: 20 }).catch((e: unknown) => e)) as InstanceType<typeof QuizUnavailable>).reason).toBe("auth");
    } finally {
      await refused.close();
    }
    const broken = await fakeService(500, { errors: [{ type: "ServerError", message: "down" }] });
    try {
      const failure = await lookupBeverages(broken.ctx, { drink: "coffee", roast: "dark", flavours: ["bold"], caffeine: "regular", format: "pods" }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(QuizUnavailable);
      expect((failure as InstanceType<typeof QuizUnavailable>).reason).toBe("unavailable");
    } finally {
      await broken.close();
    }
  });
});
