import { describe, expect, it } from "vitest";
import { cardBrandOf, cardDigits, cardProblems, luhnValid } from "../../commerce/contract/payment-card";
import { PaymentDetailsRequestSchema, readCardForm } from "../../commerce/contract/payment";

const TODAY = new Date("2026-11-23T12:00:00Z");
const good = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };

describe("the Luhn check digit", () => {
  it("accepts the published test numbers and refuses one mistyped digit", () => {
    for (const n of ["4242424242424242", "4000000000000002", "4000000000009995", "5555555555554444", "378282246310005", "6011111111111117"]) {
      expect(luhnValid(n), n).toBe(true);
    }
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("4242424242424224")).toBe(false);
  });

  it("refuses anything that is not all digits", () => {
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("4242-4242")).toBe(false);
    expect(luhnValid("42424242424242a2")).toBe(false);
  });
});

describe("the brand from the first digits", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["6221260000000000", "discover"],
    ["6200000000000005", "unionpay"],
    ["3056930009020004", "diners"],
    ["3566002020360505", "jcb"],
  ])("%s is %s", (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });

  it("knows no brand for ranges no network issues (1…, 9…, Mastercard's 56)", () => {
    expect(cardBrandOf("1234567812345670")).toBeUndefined();
    expect(cardBrandOf("9999999999999995")).toBeUndefined();
    expect(cardBrandOf("5600000000000000")).toBeUndefined();
  });

  it("reads numbers typed with spaces or dashes", () => {
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
  });
});

describe("a card worth sending to the provider", () => {
  it("has no problems", () => {
    expect(cardProblems(good, TODAY)).toEqual([]);
    expect(cardProblems({ number: "378282246310005", expMonth: 1, expYear: 27, cvc: "1234" }, TODAY)).toEqual([]);
  });

  it("is refused for a short, unknown-brand, wrong-length or mistyped number", () => {
    for (const number of ["4242", "1234567812345670", "42424242424242420", "4242424242424241", "4242x4242x4242x4242"]) {
      expect(
        cardProblems({ ...good, number }, TODAY).map((p) => [p.field, p.reason]),
        number,
      ).toEqual([["cardNumber", "invalid_number"]]);
    }
  });

  it("is refused for a month outside 1–12 or an implausible year", () => {
    expect(cardProblems({ ...good, expMonth: 13 }, TODAY).map((p) => [p.field, p.reason])).toEqual([["expiryMonth", "invalid_expiry"]]);
    expect(cardProblems({ ...good, expMonth: 0 }, TODAY).map((p) => p.field)).toEqual(["expiryMonth"]);
    expect(cardProblems({ ...good, expYear: 2099 }, TODAY).map((p) => [p.field, p.reason])).toEqual([["expiryYear", "invalid_expiry"]]);
  });

  it("is good through the last day of its expiry month, and expired after", () => {
    expect(cardProblems({ ...good, expMonth: 11, expYear: 2026 }, TODAY)).toEqual([]);
    expect(cardProblems({ ...good, expMonth: 11, expYear: 2026 }, new Date("2026-11-30T23:59:59Z"))).toEqual([]);
    const expired = cardProblems({ ...good, expMonth: 10, expYear: 2026 }, TODAY);
    expect(expired.map((p) => [p.field, p.reason])).toEqual([["expiryYear", "expired_card"]]);
    expect(expired[0]!.message).toContain("10/2026");
    expect(cardProblems({ ...good, expMonth: 12, expYear: 25 }, TODAY).map((p) => p.reason)).toEqual(["expired_card"]);
  });

  it("needs a 3-digit code on most cards and a 4-digit one on American Express", () => {
    expect(cardProblems({ ...good, cvc: "1234" }, TODAY).map((p) => [p.field, p.reason])).toEqual([["cvc", "invalid_cvc"]]);
    expect(cardProblems({ ...good, cvc: "12" }, TODAY).map((p) => p.field)).toEqual(["cvc"]);
    expect(cardProblems({ number: "378282246310005", expMonth: 1, expYear: 2030, cvc: "123" }, TODAY)[0]!.message).toContain("4-digit");
  });

  it("reports every field at once, in form order", () => {
    expect(cardProblems({ number: "1", expMonth: 13, expYear: 1999, cvc: "x" }, TODAY).map((p) => p.field)).toEqual([
      "cardNumber",
      "expiryMonth",
      "expiryYear",
      "cvc",
    ]);
  });
});

describe("the payment details form", () => {
  const form = {
    cardNumber: "4242 4242 4242 4242",
    expiryMonth: "12",
    expiryYear: "2030",
    cvc: "123",
    accountHolderName: "Ada Lovelace",
    billingPostalCode: "05401",
  };

  it("reads form text into numbers and the number without spaces", () => {
    expect(PaymentDetailsRequestSchema.parse(form)).toEqual({ ...form, cardNumber: "4242424242424242", expiryMonth: 12, expiryYear: 2030 });
  });

  it("names the field of each problem and the card rule's reason", () => {
    const result = PaymentDetailsRequestSchema.safeParse({ ...form, cardNumber: "4242424242424241", cvc: "12" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path[0], (i as { params?: { reason?: string } }).params?.reason])).toEqual([
      ["cardNumber", "invalid_number"],
      ["cvc", "invalid_cvc"],
    ]);
  });

  it("asks for each missing field in words", () => {
    const result = PaymentDetailsRequestSchema.safeParse({});
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["cardNumber", "Enter the card number."],
      ["expiryMonth", "Enter the expiry month."],
      ["expiryYear", "Enter the expiry year."],
      ["cvc", "Enter the security code."],
      ["accountHolderName", "Enter the name on the card."],
      ["billingPostalCode", "Enter the billing postal code."],
    ]);
  });
});

describe("reading a card form", () => {
  const form = {
    cardNumber: "4242 4242 4242 4242",
    expiryMonth: "12",
    expiryYear: "2030",
    cvc: "123",
    accountHolderName: "Ada Lovelace",
    billingPostalCode: "05401",
  };

  it("answers the card when every field is right", () => {
    expect(readCardForm(form, TODAY)).toEqual({ ok: true, card: { ...form, cardNumber: "4242424242424242", expiryMonth: 12, expiryYear: 2030 } });
  });

  it("still judges the card when another field is missing, so every message shows at once", () => {
    const result = readCardForm({ ...form, accountHolderName: "", cardNumber: "4242424242424241", expiryMonth: "x" }, TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.field, p.reason])).toEqual([
      ["cardNumber", "invalid_number"],
      ["expiryMonth", "invalid"],
      ["accountHolderName", "missing"],
    ]);
  });

  it("reads anything that is not an object as an empty form", () => {
    for (const input of [undefined, null, "4242", [form]]) {
      const result = readCardForm(input, TODAY);
      expect(result.ok ? [] : result.problems.map((p) => p.reason)).toEqual(["missing", "missing", "missing", "missing", "missing", "missing"]);
    }
  });
});
