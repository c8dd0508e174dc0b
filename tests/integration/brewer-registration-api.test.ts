import { describe, expect, it } from "vitest";
import {
  BrewerCouponSchema,
  BrewerModelsSchema,
  QuestionnaireSchema,
  RegisteredBrewerSchema,
  RegisteredBrewersSchema,
  SerialValidationSchema,
} from "../../commerce/contract/brewer-registration";
import { displaySerial, makeSerial } from "../../commerce/domain/brewer-registration-rules";
import { commerceForSuite } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { randomHex } from "../support/guest-checkout";
import { firstError, restCaller } from "../support/rest";

const PASSWORD = "registration-Test-password-1";

/**
 * Brewer registration (decision 070) under /rest/v2/{brand}/: validateSerialNumber,
 * registernewbrewer, the questionnaire, the welcome coupon and the account's brewers, on both
 * databases, with the factory's seeded serials.
 */
describe.each(DIALECTS)("brewer registration API on %s", (dialect) => {
  // The store clock the end-to-end store runs on: it reads the database, so no write may read it inside its transaction.
  const suite = commerceForSuite(dialect, { STORE_CLOCK_MOVABLE: "true" });
  const db = () => suite.api().db;

  const call = restCaller(() => suite.api().baseUrl);
  const error = firstError;
  const newCustomer = async (site = "usb2c") => {
    const email = `registration-${randomHex(8)}@example.com`;
    const id = await insertAccount(db(), { email, password: PASSWORD, site });
    return { id, email, token: await passwordToken(suite.api().baseUrl, { email, password: PASSWORD, site }) };
  };
  /** Serials the factory made that nobody has registered yet, of `family` (by default any brewer sold on usb2c). */
  let taken = 0;
  const freeSerial = async (family?: string) => {
    const rows = await db()
      .selectFrom("brewer_serial")
      .leftJoin("brewer_registration", "brewer_registration.serial", "brewer_serial.serial")
      .select(["brewer_serial.serial", "brewer_serial.family_code"])
      .where("brewer_registration.id", "is", null)
      .where("brewer_serial.family_code", family ? "=" : "in", family ?? ["8003-BFBR", "8004-BFBR"])
      .orderBy("brewer_serial.serial")
      .execute();
    // Each test its own serial: they run one after another on one database.
    return rows[taken++ % rows.length]!;
  };
  const registrations = async () =>
    Number(
      (
        await db()
          .selectFrom("brewer_registration")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("brewerModels: the models an owner may register on the store", () => {
    it("lists the store's brewer families by name, each with its page", async () => {
      const answer = await call("GET", "/usb2c/brewerModels");
      expect(answer.status).toBe(200);
      const { models } = BrewerModelsSchema.parse(answer.body);
      expect(models.map((m) => m.code)).toEqual(expect.arrayContaining(["8003-BFBR", "8004-BFBR"]));
      expect(models.map((m) => m.name)).toEqual([...models.map((m) => m.name)].sort((a, b) => a.localeCompare(b, "en")));
      for (const m of models) expect(m.url).toMatch(/\/p\//);
    });
  });

  describe("validateSerialNumber: the model a serial belongs to, or why not", () => {
    it("answers a guest with the model of a serial typed in lower case with spaces", async () => {
      const { serial, family_code } = await freeSerial("8003-BFBR");
      const typed = displaySerial(serial).toLowerCase();
      const answer = await call("POST", "/usb2c/validateSerialNumber", undefined, { serialNumber: typed, productCode: "8003-BFBR-BRW-BLK" });
      expect(answer.status).toBe(200);
      const validation = SerialValidationSchema.parse(answer.body);
      expect(validation).toMatchObject({ serialNumber: serial, displaySerial: displaySerial(serial) });
      expect(validation.model.code).toBe(family_code);
      expect(validation.model.name).toMatch(/\w/);
    });

    it("refuses a malformed serial, a typo, one the factory never made and one of another model, each with its reason in words", async () => {
      const { serial } = await freeSerial("8003-BFBR");
      const typo = `${serial.slice(0, 12)}${(Number(serial[12]) + 1) % 10}`;
      const neverMade = makeSerial("QQ", "2601", 999_999);
      const cases: [string, string | undefined, string, RegExp][] = [
        ["KB-12", undefined, "malformed", /13 letters and digits/],
        [typo, undefined, "checkDigit", /typo/],
        [neverMade, undefined, "unknown", /can't find/],
        [serial, "8004-BFBR", "otherModel", /another brewer model/],
      ];
      for (const [serialNumber, productCode, reason, words] of cases) {
        const answer = await call("POST", "/usb2c/validateSerialNumber", undefined, { serialNumber, ...(productCode ? { productCode } : {}) });
        expect(answer.status, reason).toBe(400);
        expect(error(answer)).toMatchObject({ type: "BrewerRegistrationError", reason });
        expect(error(answer)!.message).toMatch(words);
      }
    });

    it("says so in French on the Canadian store", async () => {
      const answer = await call("POST", "/cab2c/validateSerialNumber?lang=fr", undefined, { serialNumber: "KB-12" });
      expect(answer.status).toBe(400);
      expect(error(answer)!.message).toMatch(/Ce n’est pas un numéro de série/);
    });

    it("refuses input that is not a serial's characters with 400 naming the field, never 5xx", async () => {
      for (const body of [{}, { serialNumber: "" }, { serialNumber: "KB<script>" }, { serialNumber: "x".repeat(41) }, { serialNumber: 12 }]) {
        const answer = await call("POST", "/usb2c/validateSerialNumber", undefined, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(error(answer)!.subject).toBe("serialNumber");
      }
    });

    it("throttles an account that keeps sending serials that are not real: 429, even for a real one, and nothing registered", async () => {
      const customer = await newCustomer();
      for (let i = 0; i < 20; i++) {
        const answer = await call("POST", "/usb2c/validateSerialNumber", customer.token, { serialNumber: makeSerial("QQ", "2601", 100_000 + i) });
        expect(answer.status).toBe(400);
      }
      const { serial } = await freeSerial();
      const before = await registrations();
      expect((await call("POST", "/usb2c/validateSerialNumber", customer.token, { serialNumber: serial })).status).toBe(429);
      expect((await call("POST", "/usb2c/users/current/registernewbrewer", customer.token, { serialNumber: serial })).status).toBe(429);
      expect(await registrations()).toBe(before);
    });
  });

  describe("registernewbrewer: one owner per serial", () => {
    it("registers the serial to the customer, listed on their account with its model", async () => {
      const customer = await newCustomer();
      const { serial, family_code } = await freeSerial();
      const answer = await call("POST", "/usb2c/users/current/registernewbrewer", customer.token, {
        serialNumber: displaySerial(serial),
        purchasedFrom: "retailStore",
        purchasedOn: "2026-11-20",
      });
      expect(answer.status).toBe(201);
      expect(RegisteredBrewerSchema.parse(answer.body)).toMatchObject({
        serialNumber: serial,
        purchasedFrom: "retailStore",
        purchasedOn: "2026-11-20",
        questionnaireComplete: false,
        model: { code: family_code },
      });
      const list = RegisteredBrewersSchema.parse((await call("GET", "/usb2c/users/current/brewers", customer.token)).body);
      expect(list.brewers.map((b) => b.serialNumber)).toEqual([serial]);
      expect(list.coupon).toBeNull();
    });

    it("refuses the same serial again: to its owner as already theirs, to another account as registered elsewhere (409), nothing written", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      const { serial } = await freeSerial();
      expect((await call("POST", "/usb2c/users/current/registernewbrewer", owner.token, { serialNumber: serial })).status).toBe(201);
      const before = await registrations();
      const again = await call("POST", "/usb2c/users/current/registernewbrewer", owner.token, { serialNumber: serial });
      expect(again.status).toBe(409);
      expect(error(again)).toMatchObject({ reason: "registeredToYou", message: "You've already registered this brewer." });
      const elsewhere = await call("POST", "/usb2c/users/current/registernewbrewer", other.token, { serialNumber: serial });
      expect(elsewhere.status).toBe(409);
      expect(error(elsewhere)!.reason).toBe("registered");
      expect((await call("POST", "/usb2c/validateSerialNumber", other.token, { serialNumber: serial })).status).toBe(409);
      expect(await registrations()).toBe(before);
    });

    it("gives a serial to exactly one of two accounts registering it at once", async () => {
      const [a, b] = [await newCustomer(), await newCustomer()];
      const { serial } = await freeSerial();
      const answers = await Promise.all([a, b].map((c) => call("POST", "/usb2c/users/current/registernewbrewer", c.token, { serialNumber: serial })));
      expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
      const rows = await db().selectFrom("brewer_registration").select("customer_id").where("serial", "=", serial).execute();
      expect(rows).toHaveLength(1);
    });

    it("asks a guest to sign in (401) and refuses bad input with 400", async () => {
      const { serial } = await freeSerial();
      expect((await call("POST", "/usb2c/users/anonymous/registernewbrewer", undefined, { serialNumber: serial })).status).toBe(401);
      const customer = await newCustomer();
      const bad = await call("POST", "/usb2c/users/current/registernewbrewer", customer.token, { serialNumber: serial, purchasedOn: "2026-02-31" });
      expect(bad.status).toBe(400);
      expect(error(bad)!.subject).toBe("purchasedOn");
    });

    it("lets an agent register for the customer only inside an assisted session, and audits it", async () => {
      const customer = await newCustomer();
      const email = `agent-${randomHex(8)}@example.com`;
      await insertAccount(db(), { email, password: PASSWORD, role: "agent" });
      const agent = await passwordToken(suite.api().baseUrl, { email, password: PASSWORD, clientId: "agent" });
      const { serial } = await freeSerial();
      const path = `/usb2c/users/${customer.id}/registernewbrewer`;
      expect((await call("POST", path, agent, { serialNumber: serial })).status).toBe(403);
      expect((await call("POST", "/usb2c/assistedservicewebservices/sessions", agent, { customerId: customer.id })).status).toBe(201);
      expect((await call("POST", path, agent, { serialNumber: serial })).status).toBe(201);
      const audit = await db().selectFrom("agent_audit").select(["action", "detail"]).where("customer_id", "=", customer.id).orderBy("id").execute();
      expect(audit.at(-1)).toEqual({ action: "registered a brewer", detail: serial });
    });
  });

  describe("the questionnaire: a few questions about the household, kept with the registration", () => {
    it("asks four questions, keeps the answers given (others kept) and says when it is complete", async () => {
      const customer = await newCustomer();
      const { serial } = await freeSerial();
      await call("POST", "/usb2c/users/current/registernewbrewer", customer.token, { serialNumber: serial, purchasedFrom: "gift" });
      const first = QuestionnaireSchema.parse((await call("GET", `/usb2c/users/current/getBrewerQuestionnaire?sn=${serial}`, customer.token)).body);
      expect(first.questions.map((q) => q.label)).toEqual([
        "How many people live in your home?",
        "How many cups do you brew a day?",
        "What do you like to brew?",
        "Where did you get your brewer?",
      ]);
      expect(first.answers).toEqual({ purchasedFrom: "gift" });
      expect(first.complete).toBe(false);
      await call("POST", "/usb2c/users/current/updateBrewerQuestionnaire", customer.token, { serialNumber: serial, answers: { householdSize: "two" } });
      const done = await call("POST", "/usb2c/users/current/updateBrewerQuestionnaire", customer.token, {
        serialNumber: serial,
        answers: { cupsPerDay: "twoToThree", favouriteDrinks: ["coffee", "latte"] },
      });
      expect(QuestionnaireSchema.parse(done.body)).toMatchObject({
        answers: { householdSize: "two", cupsPerDay: "twoToThree", favouriteDrinks: ["coffee", "latte"], purchasedFrom: "gift" },
        complete: true,
      });
      const list = RegisteredBrewersSchema.parse((await call("GET", "/usb2c/users/current/brewers", customer.token)).body);
      expect(list.brewers[0]!.questionnaireComplete).toBe(true);
    });

    it("asks in French on the Canadian store", async () => {
      const customer = await newCustomer("cab2c");
      const { serial } = await freeSerial();
      expect((await call("POST", "/cab2c/users/current/registernewbrewer?lang=fr", customer.token, { serialNumber: serial })).status).toBe(201);
      const q = QuestionnaireSchema.parse((await call("GET", `/cab2c/users/current/getBrewerQuestionnaire?sn=${serial}&lang=fr`, customer.token)).body);
      expect(q.questions[0]!.label).toBe("Combien de personnes vivent chez vous?");
    });

    it("answers another customer's brewer 404 as for one never registered, and changes nothing", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      const { serial } = await freeSerial();
      await call("POST", "/usb2c/users/current/registernewbrewer", owner.token, { serialNumber: serial });
      expect((await call("GET", `/usb2c/users/current/getBrewerQuestionnaire?sn=${serial}`, other.token)).status).toBe(404);
      const write = await call("POST", "/usb2c/users/current/updateBrewerQuestionnaire", other.token, {
        serialNumber: serial,
        answers: { householdSize: "one" },
      });
      expect(write.status).toBe(404);
      expect((await call("POST", "/usb2c/users/current/getBrewerCoupon", other.token, { serialNumber: serial })).status).toBe(404);
      const row = await db().selectFrom("brewer_registration").select("answers").where("serial", "=", serial).executeTakeFirstOrThrow();
      expect(row.answers).toBe("{}");
    });

    it("refuses an answer that is not one of the choices with 400", async () => {
      const customer = await newCustomer();
      const { serial } = await freeSerial();
      await call("POST", "/usb2c/users/current/registernewbrewer", customer.token, { serialNumber: serial });
      const answer = await call("POST", "/usb2c/users/current/updateBrewerQuestionnaire", customer.token, {
        serialNumber: serial,
        answers: { householdSize: "twelve" },
      });
      expect(answer.status).toBe(400);
      expect(error(answer)!.subject).toMatch(/householdSize/);
    });
  });

  describe("the welcome coupon: one per account, for that account only, used once", () => {
    it("gives one coupon however often it is asked, applies it to the customer's cart and to nobody else's", async () => {
      const customer = await newCustomer();
      const [first, second] = [await freeSerial(), await freeSerial()];
      await call("POST", "/usb2c/users/current/registernewbrewer", customer.token, { serialNumber: first.serial });
      await call("POST", "/usb2c/users/current/registernewbrewer", customer.token, { serialNumber: second.serial });
      const asks = await Promise.all(
        [first, second, first].map((s) => call("POST", "/usb2c/users/current/getBrewerCoupon", customer.token, { serialNumber: s.serial })),
      );
      const coupons = asks.map((a) => BrewerCouponSchema.parse(a.body));
      expect(new Set(coupons.map((c) => c.code)).size).toBe(1);
      expect(coupons[0]).toMatchObject({ used: false, description: expect.stringMatching(/^Welcome: 20% off/) });
      expect(coupons[0]!.code).toMatch(/^WELCOME-[A-F0-9]{8}$/);
      const rows = await db().selectFrom("coupon").select(["code", "max_uses"]).where("customer_id", "=", customer.id).execute();
      expect(rows).toEqual([{ code: coupons[0]!.code, max_uses: 1 }]);

      const mine = await call("POST", "/usb2c/users/current/applyCoupon", customer.token, { couponCode: coupons[0]!.code });
      expect(mine.status).toBe(200);
      const other = await newCustomer();
      const theirs = await call("POST", "/usb2c/users/current/applyCoupon", other.token, { couponCode: coupons[0]!.code });
      expect(theirs.status).toBe(400);
      expect(error(theirs)!.reason).toBe("unknown");
      const guest = await call("POST", "/usb2c/users/anonymous/applyCoupon", undefined, { couponCode: coupons[0]!.code });
      expect(error(guest)!.reason).toBe("unknown");
    });

    it("is not given without a registration of the customer's", async () => {
      const customer = await newCustomer();
      const { serial } = await freeSerial();
      expect((await call("POST", "/usb2c/users/current/getBrewerCoupon", customer.token, { serialNumber: serial })).status).toBe(404);
      const rows = await db().selectFrom("coupon").select("code").where("customer_id", "=", customer.id).execute();
      expect(rows).toEqual([]);
    });
  });
});
