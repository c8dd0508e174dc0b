import { randomBytes } from "node:crypto";
import { formatLocale, formatPercent } from "../../lib/format";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import {
  CUPS_PER_DAY,
  FAVOURITE_DRINKS,
  HOUSEHOLD_SIZES,
  PURCHASE_PLACES,
  type BrewerCoupon,
  type BrewerModels,
  type Questionnaire,
  type QuestionnaireAnswers,
  QuestionnaireAnswersSchema,
  type RegisterBrewerRequest,
  type RegisteredBrewer,
  type RegisteredBrewers,
  type SerialRefusal,
  type SerialValidation,
  type ValidateSerialRequest,
} from "../contract/brewer-registration";
import {
  type BrewerRegistrationRow,
  couponOfCustomer,
  couponUsed,
  familyOf,
  findSerial,
  insertCustomerCoupon,
  insertRegistration,
  lockSerial,
  registrationOfSerial,
  registrationsOf,
  updateRegistrationAnswers,
} from "../db/brewer-registration";
import { brewerFamiliesOn } from "../db/campaigns";
import type { CouponRow } from "../db/coupons";
import type { Db } from "../db/index";
import { lockMember } from "../db/loyalty";
import { writeTransaction } from "../db/write-transaction";
import { registrationMessagesFor } from "./brewer-registration-messages";
import { displaySerial, normaliseSerial, registrationRefusal, serialShapeRefusal, welcomeCouponCode } from "./brewer-registration-rules";
import type { CatalogService } from "./catalog-service";
import { addDays, type Clock, dayOf } from "./clock";
import { notFound, ShopError, TooManyRequests } from "./errors";
import type { ShopContext } from "./shop-context";
import { unavailableWhenBusy } from "./service-unavailable";

/** Serials refused as malformed, mistyped, unknown or of another model, per caller address and per account an hour: beyond that the caller is guessing. */
export const SERIAL_GUESSES_PER_ADDRESS: RateLimitRule = { name: "serial-guesses-address", points: 20, windowSeconds: 3600 };
export const SERIAL_GUESSES_PER_CUSTOMER: RateLimitRule = { name: "serial-guesses-customer", points: 20, windowSeconds: 3600 };
const GUESSES: ReadonlySet<SerialRefusal> = new Set(["malformed", "checkDigit", "unknown", "otherModel"]);

/** The welcome coupon: this much off the order, usable once within this many days of registering. */
export const WELCOME_COUPON_PERCENT = 20;
export const WELCOME_COUPON_DAYS = 60;

export interface BrewerRegistrationDeps {
  db: Db;
  catalog: CatalogService;
  clock: Clock;
  limits: RateLimits;
}

/** Who is asking: the customer (null for a guest checking a serial) and the caller's address, for counting guesses. */
export interface Caller {
  customerId: string | null;
  clientAddress: string | undefined;
}

/**
 * Brewer registration (decision 070): checking a serial against the factory's list, registering it
 * to the customer (one owner per serial, under the serial's lock), the questionnaire, and one
 * welcome coupon per account that only that account may use.
 */
export class BrewerRegistrationService {
  constructor(private readonly deps: BrewerRegistrationDeps) {}

  /** The brewer models sold on this store, by name: what the registration form offers. */
  async models(ctx: ShopContext): Promise<BrewerModels> {
    const products = await this.deps.catalog.products(ctx, await brewerFamiliesOn(this.deps.db, ctx.site), "BASIC");
    return {
      models: products.map((p) => ({ code: p.code, name: p.name, url: p.url, images: p.images })).sort((a, b) => a.name.localeCompare(b.name, ctx.lang)),
    };
  }

  /** validateSerialNumber: the model a serial belongs to, or why it cannot be registered by this caller. */
  async validate(ctx: ShopContext, caller: Caller, request: ValidateSerialRequest): Promise<SerialValidation> {
    const { serial, familyCode } = await this.checked(ctx, caller, request);
    return { serialNumber: serial, displaySerial: displaySerial(serial), model: await this.modelOf(ctx, familyCode) };
  }

  /** registernewbrewer: the serial registered to the customer, checked again under its lock. */
  async register(ctx: ShopContext, caller: Caller & { customerId: string }, request: RegisterBrewerRequest): Promise<RegisteredBrewer> {
    const { serial, familyCode } = await this.checked(ctx, caller, request);
    // The clock is read before the transaction: a movable clock reads the database, which the transaction holds.
    const at = (await this.deps.clock.now()).toISOString();
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        if (!(await lockSerial(trx, serial))) throw this.refused(ctx, "unknown");
        // Another owner may have registered it since it was checked: the serial's lock makes them take turns.
        const taken = await registrationOfSerial(trx, serial);
        if (taken) throw this.refused(ctx, taken.customer_id === caller.customerId ? "registeredToYou" : "registered");
        await insertRegistration(trx, {
          serial,
          site: ctx.site,
          customer_id: caller.customerId,
          family_code: familyCode,
          purchased_from: request.purchasedFrom ?? null,
          purchased_on: request.purchasedOn ?? null,
          registered_at: at,
          updated_at: at,
        });
      }),
    );
    return this.registered(ctx, (await registrationOfSerial(this.deps.db, serial))!);
  }

  /** getBrewerQuestionnaire: the questions, with the answers given so far for the customer's brewer. */
  async questionnaire(ctx: ShopContext, customerId: string, typedSerial: string): Promise<Questionnaire> {
    return this.questionnaireOf(ctx, await this.ownRegistration(ctx, customerId, typedSerial));
  }

  /** updateBrewerQuestionnaire: the answers given (others kept), then the questionnaire as it stands. */
  async updateQuestionnaire(ctx: ShopContext, customerId: string, typedSerial: string, answers: QuestionnaireAnswers): Promise<Questionnaire> {
    const own = await this.ownRegistration(ctx, customerId, typedSerial);
    const at = (await this.deps.clock.now()).toISOString();
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const current = (await registrationOfSerial(trx, own.serial))!;
        const merged = { ...answersOf(current), ...definedOf(answers) };
        await updateRegistrationAnswers(trx, current.id, JSON.stringify(merged), at);
      }),
    );
    return this.questionnaireOf(ctx, (await registrationOfSerial(this.deps.db, own.serial))!);
  }

  /**
   * getBrewerCoupon: the account's welcome coupon, made on the first ask after a registration and
   * the same one after that (one per account, under the customer's lock so two asks make one).
   */
  async coupon(ctx: ShopContext, customerId: string, typedSerial: string): Promise<BrewerCoupon> {
    await this.ownRegistration(ctx, customerId, typedSerial);
    const existing = await couponOfCustomer(this.deps.db, customerId, ctx.site);
    if (existing) return this.couponView(ctx, existing);
    const now = await this.deps.clock.now();
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        await lockMember(trx, customerId);
        if (await couponOfCustomer(trx, customerId, ctx.site)) return;
        const en = registrationMessagesFor("en", ctx.site).welcomeCoupon(formatPercent(WELCOME_COUPON_PERCENT, formatLocale("en", ctx.currency)));
        const fr = registrationMessagesFor("fr", "cab2c").welcomeCoupon(formatPercent(WELCOME_COUPON_PERCENT, "fr-CA"));
        await insertCustomerCoupon(trx, {
          site: ctx.site,
          code: welcomeCouponCode(randomBytes(6).toString("hex")),
          description_en: en,
          description_fr: fr,
          kind: "percentage",
          value: WELCOME_COUPON_PERCENT,
          minimum_spend: 0,
          scope: "order",
          scope_codes: "",
          // Good from the moment it is given: the coupon rules read the system's time, which a moved store clock runs ahead of.
          starts_at: null,
          ends_at: `${addDays(dayOf(now), WELCOME_COUPON_DAYS)}T23:59:59.999Z`,
          max_uses: 1,
          max_uses_per_customer: 1,
          created_at: now.toISOString(),
          customer_id: customerId,
        });
      }),
    );
    return this.couponView(ctx, (await couponOfCustomer(this.deps.db, customerId, ctx.site))!);
  }

  /** The account's registered brewers on this store and its welcome coupon. */
  async brewersOf(ctx: ShopContext, customerId: string): Promise<RegisteredBrewers> {
    const rows = await registrationsOf(this.deps.db, customerId, ctx.site);
    const coupon = rows.length > 0 ? await couponOfCustomer(this.deps.db, customerId, ctx.site) : undefined;
    return {
      brewers: await Promise.all(rows.map((r) => this.registered(ctx, r))),
      coupon: coupon ? await this.couponView(ctx, coupon) : null,
    };
  }

  /**
   * The serial as stored and its model, or the refusal: the shape and check digit first (no
   * database asked), then the factory's list, the model claimed, the store, and the owner. A caller
   * who keeps sending serials that are not real is refused for a while (429) before anything is read.
   */
  private async checked(ctx: ShopContext, caller: Caller, request: ValidateSerialRequest): Promise<{ serial: string; familyCode: string }> {
    const { limits, db } = this.deps;
    const guesses = [
      ...(caller.clientAddress ? [{ rule: SERIAL_GUESSES_PER_ADDRESS, key: caller.clientAddress }] : []),
      ...(caller.customerId ? [{ rule: SERIAL_GUESSES_PER_CUSTOMER, key: caller.customerId }] : []),
    ];
    for (const { rule, key } of guesses) {
      const standing = await limits.standing(rule, key);
      if (!standing.allowed) throw new TooManyRequests(standing.retryAfterSeconds);
    }
    const serial = normaliseSerial(request.serialNumber);
    const refuse = async (reason: SerialRefusal): Promise<never> => {
      if (GUESSES.has(reason)) await limits.hitAll(guesses);
      throw this.refused(ctx, reason);
    };
    const shape = serialShapeRefusal(serial);
    if (shape) return refuse(shape);
    const found = await findSerial(db, serial);
    if (!found) return refuse("unknown");
    const claimed = request.productCode === undefined ? undefined : ((await familyOf(db, request.productCode)) ?? request.productCode);
    const refusal = registrationRefusal({ familyCode: found.family_code, registeredTo: found.registered_to }, caller.customerId, claimed);
    if (refusal) return refuse(refusal);
    if ((await this.deps.catalog.products(ctx, [found.family_code], "BASIC")).length === 0) return refuse("notSoldHere");
    return { serial, familyCode: found.family_code };
  }

  /** The customer's registration of this serial; another customer's, or none, answers 404 alike. */
  private async ownRegistration(ctx: ShopContext, customerId: string, typedSerial: string): Promise<BrewerRegistrationRow> {
    const row = await registrationOfSerial(this.deps.db, normaliseSerial(typedSerial));
    if (!row || row.customer_id !== customerId || row.site !== ctx.site)
      throw notFound("serialNumber", "You have no registered brewer with this serial number.", "brewer");
    return row;
  }

  private refused(ctx: ShopContext, reason: SerialRefusal): ShopError {
    return new ShopError(reason === "registeredToYou" || reason === "registered" ? "conflict" : "invalid", {
      type: "BrewerRegistrationError",
      reason,
      subject: reason === "otherModel" || reason === "notSoldHere" ? "productCode" : "serialNumber",
      message: registrationMessagesFor(ctx.lang, ctx.site).refusals[reason],
    });
  }

  private async modelOf(ctx: ShopContext, familyCode: string): Promise<SerialValidation["model"]> {
    const [product] = await this.deps.catalog.products(ctx, [familyCode], "BASIC");
    if (!product) throw this.refused(ctx, "notSoldHere");
    return { code: product.code, name: product.name, url: product.url, images: product.images };
  }

  private async registered(ctx: ShopContext, row: BrewerRegistrationRow): Promise<RegisteredBrewer> {
    const answers = answersOf(row);
    return {
      serialNumber: row.serial,
      displaySerial: displaySerial(row.serial),
      model: await this.modelOf(ctx, row.family_code),
      registeredOn: row.registered_at.slice(0, 10),
      purchasedFrom: answers.purchasedFrom ?? null,
      purchasedOn: row.purchased_on,
      questionnaireComplete: questionnaireComplete(answers),
    };
  }

  private questionnaireOf(ctx: ShopContext, row: BrewerRegistrationRow): Questionnaire {
    const t = registrationMessagesFor(ctx.lang, ctx.site);
    const answers = answersOf(row);
    const choices = <V extends string>(values: readonly V[], labels: Record<V, string>) => values.map((value) => ({ value, label: labels[value] }));
    return {
      serialNumber: row.serial,
      questions: [
        { id: "householdSize", label: t.questions.householdSize, multiple: false, choices: choices(HOUSEHOLD_SIZES, t.householdSizes) },
        { id: "cupsPerDay", label: t.questions.cupsPerDay, multiple: false, choices: choices(CUPS_PER_DAY, t.cupsPerDay) },
        { id: "favouriteDrinks", label: t.questions.favouriteDrinks, multiple: true, choices: choices(FAVOURITE_DRINKS, t.favouriteDrinks) },
        { id: "purchasedFrom", label: t.questions.purchasedFrom, multiple: false, choices: choices(PURCHASE_PLACES, t.purchasePlaces) },
      ],
      answers,
      complete: questionnaireComplete(answers),
    };
  }

  private async couponView(ctx: ShopContext, row: CouponRow): Promise<BrewerCoupon> {
    return {
      code: row.code,
      description: ctx.lang === "fr" ? row.description_fr : row.description_en,
      validUntil: (row.ends_at ?? "").slice(0, 10),
      used: row.uses > 0 || (await couponUsed(this.deps.db, row.id)),
    };
  }
}

/** The answers kept with a registration (where it was bought, said when registering, is one); anything unreadable counts as unanswered. */
function answersOf(row: BrewerRegistrationRow): QuestionnaireAnswers {
  const parsed = QuestionnaireAnswersSchema.safeParse(JSON.parse(row.answers || "{}"));
  const purchasedFrom = row.purchased_from as QuestionnaireAnswers["purchasedFrom"] | null;
  return { ...(purchasedFrom ? { purchasedFrom } : {}), ...(parsed.success ? parsed.data : {}) };
}

function definedOf(answers: QuestionnaireAnswers): QuestionnaireAnswers {
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined)) as QuestionnaireAnswers;
}

function questionnaireComplete(a: QuestionnaireAnswers): boolean {
  return a.householdSize !== undefined && a.cupsPerDay !== undefined && (a.favouriteDrinks?.length ?? 0) > 0 && a.purchasedFrom !== undefined;
}
