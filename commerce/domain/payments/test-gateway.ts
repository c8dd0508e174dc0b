import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cardBrandOf, cardDigits, cardProblems, fullYear } from "../../contract/payment-card";
import {
  type AuthorizeRequest,
  type AuthorizeResult,
  type CardToTokenize,
  type DeclineReason,
  type PaymentProvider,
  PaymentProviderError,
  type TokenizeResult,
} from "./provider";

/** What an authorization with a card's token will answer; carried by the token itself. */
type Outcome = "approve" | "decline" | "funds" | "expired" | "error";

/**
 * The well-known test numbers (the ones Stripe's test mode uses), so the same card behaves the same
 * through either provider. Every other number that passes the card checks is approved.
 */
export const TEST_CARDS = {
  approves: "4242424242424242",
  declines: "4000000000000002",
  insufficientFunds: "4000000000009995",
  expiredCard: "4000000000000069",
  processingError: "4000000000000119",
} as const;

const OUTCOME_OF_NUMBER: Record<string, Outcome> = {
  [TEST_CARDS.declines]: "decline",
  [TEST_CARDS.insufficientFunds]: "funds",
  [TEST_CARDS.expiredCard]: "expired",
  [TEST_CARDS.processingError]: "error",
};

const DECLINES: Record<Exclude<Outcome, "approve">, { reason: DeclineReason; message: string }> = {
  decline: { reason: "card_declined", message: "Your card was declined. Use another card or contact your bank." },
  funds: { reason: "insufficient_funds", message: "Your card has insufficient funds. Use another card." },
  expired: { reason: "expired_card", message: "Your card has expired. Use another card." },
  error: { reason: "processing_error", message: "Your card could not be processed. Try again in a moment or use another card." },
};

const TOKEN = /^tok_test_(approve|decline|funds|expired|error)_([0-9a-f]{32})_([0-9a-f]{32})$/;
const REFERENCE = /^auth_test_(\d{1,12})_([a-z]{3})_([0-9a-f]{32})_([0-9a-f]{32})$/;

/**
 * The built-in gateway: no money moves. It keeps nothing in memory, because the store runs several
 * worker processes and the card may be tokenized by one and charged by another. Instead the token
 * carries the test outcome (as Stripe's test tokens do), and tokens and authorization references
 * are signed with a key every worker shares, so a token the gateway did not issue (an edited row,
 * another store's database) is refused rather than approved. An authorization's reference is
 * derived from its idempotency key, card token, amount and currency, so the same request answers
 * the same reference from any process.
 */
export class TestGateway implements PaymentProvider {
  readonly name = "test-gateway" as const;
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac("sha256", "brewfront test gateway").update(secret).digest();
  }

  async tokenizeCard(card: CardToTokenize, _ctx: { currency: string }): Promise<TokenizeResult> {
    const number = cardDigits(card.number);
    const problem = cardProblems({ number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc })[0];
    if (problem) return { ok: false, reason: problem.reason, message: problem.message };
    const brand = cardBrandOf(number)!;
    const outcome = OUTCOME_OF_NUMBER[number] ?? "approve";
    const body = `tok_test_${outcome}_${randomBytes(16).toString("hex")}`;
    return { ok: true, token: `${body}_${this.sign(body)}`, brand, last4: number.slice(-4), expMonth: card.expMonth, expYear: fullYear(card.expYear) };
  }

  async authorize(req: AuthorizeRequest): Promise<AuthorizeResult> {
    if (!Number.isInteger(req.amountMinor) || req.amountMinor <= 0)
      throw new PaymentProviderError("The amount must be a positive whole number of minor units.", "provider_error");
    const currency = req.currency.toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw new PaymentProviderError("The currency must be a three-letter code.", "provider_error");
    const token = TOKEN.exec(req.token);
    if (!token || !this.verify(`tok_test_${token[1]}_${token[2]}`, token[3]!)) {
      return { status: "declined", reason: "processing_error", message: "This card could not be used; enter it again." };
    }
    const outcome = token[1] as Outcome;
    if (outcome !== "approve") return { status: "declined", ...DECLINES[outcome] };
    const id = this.mac(`authorization|${req.idempotencyKey}|${req.token}|${req.amountMinor}|${currency}`);
    const body = `auth_test_${req.amountMinor}_${currency}_${id}`;
    return { status: "authorized", reference: `${body}_${this.sign(body)}` };
  }

  async capture(reference: string, amountMinor: number, _idempotencyKey: string): Promise<void> {
    const authorized = this.authorizedAmount(reference);
    if (!Number.isInteger(amountMinor) || amountMinor <= 0 || amountMinor > authorized) {
      throw new PaymentProviderError(`Cannot capture ${amountMinor} of an authorization of ${authorized}.`, "amount_too_large");
    }
  }

  async voidAuthorization(reference: string, _idempotencyKey: string): Promise<void> {
    this.authorizedAmount(reference);
  }

  private authorizedAmount(reference: string): number {
    const match = REFERENCE.exec(reference);
    if (!match || !this.verify(`auth_test_${match[1]}_${match[2]}_${match[3]}`, match[4]!)) {
      throw new PaymentProviderError("The test gateway issued no such authorization.", "unknown_reference");
    }
    return Number(match[1]);
  }

  private mac(text: string): string {
    return createHmac("sha256", this.key).update(text).digest("hex").slice(0, 32);
  }

  private sign(body: string): string {
    return this.mac(`signature|${body}`);
  }

  private verify(body: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
