import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BRAND_DEFAULTS } from "../../commerce/contract/brands";
import { CartLineRequestSchema } from "../../commerce/contract/cart";
import { BeverageAnswersSchema } from "../../commerce/contract/quiz";
import { AddressFormSchema, SignUpFormSchema } from "../../app/lib/account-schemas.server";
import { CardFormSchema, PlaceOrderFormSchema } from "../../app/lib/checkout-forms.server";
import { formMessages } from "../../app/brands/form-messages";
import { apiProblemText, checkForm } from "../../app/lib/form-validation.server";
import type { StorefrontContext } from "../../app/lib/context";

const usStore = { brand: BRAND_DEFAULTS.usb2c, lang: "en" } as StorefrontContext;
const canadianStore = { brand: BRAND_DEFAULTS.cab2c, lang: "en" } as StorefrontContext;
const frenchStore = { brand: BRAND_DEFAULTS.cab2c, lang: "fr" } as StorefrontContext;

/** What the page is sent back with when the form is refused. */
function refusal(context: StorefrontContext, schema: z.ZodType, input: Record<string, unknown>) {
  const checked = checkForm(context, schema, input);
  if (!("answer" in checked)) throw new Error("the form was accepted");
  return { status: checked.answer.init?.status, headers: new Headers(checked.answer.init?.headers), ...checked.answer.data };
}

const address = { firstName: "Jo", lastName: "Shipper", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };

describe("a form that is right", () => {
  it("hands over the checked data", () => {
    expect(checkForm(usStore, CartLineRequestSchema, { productCode: "5001-SMRG-KC-24", qty: "3" })).toEqual({
      data: { productCode: "5001-SMRG-KC-24", qty: 3, entryType: "STD", podsAtHomeQty: undefined },
    });
  });
});

describe("a refused form", () => {
  it("answers 400, never cached, with a message above the form and one beside each field", () => {
    const answer = refusal(usStore, SignUpFormSchema, { firstName: "", lastName: "Roaster", email: "nope", password: "short", intent: "signup" });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.intent).toBe("signup");
    expect(answer.error).toBe("Please correct the highlighted fields.");
    expect(answer.fields).toEqual({ firstName: "Enter a first name.", email: "Enter a valid email address.", password: "Use 8 to 128 characters." });
  });

  it("speaks of quantities in the shop's words, with the limit", () => {
    expect(refusal(usStore, CartLineRequestSchema, { productCode: "X", qty: "25" }).fields).toEqual({ qty: "Quantity must be at most 24." });
    expect(refusal(usStore, CartLineRequestSchema, { productCode: "X", qty: "0" }).fields).toEqual({ qty: "Quantity must be at least 1." });
    expect(refusal(usStore, CartLineRequestSchema, { productCode: "X", qty: "lots" }).fields).toEqual({ qty: "Quantity must be a whole number." });
  });

  it("answers in French on French pages, and in the language a form says it was shown in", () => {
    expect(refusal(frenchStore, CartLineRequestSchema, { productCode: "X", qty: "25" }).fields).toEqual({ qty: "La quantité doit être d’au plus 24." });
    expect(refusal(canadianStore, CartLineRequestSchema, { productCode: "X", qty: "25", lang: "fr" }).error).toBe("Veuillez corriger les champs indiqués.");
    expect(refusal(frenchStore, BeverageAnswersSchema, { drink: "coffee", roast: "dark", flavours: ["bold", "sweet", "nutty", "fruity"] }).fields).toEqual({
      flavours: "Choisissez au plus 3 saveurs.",
      caffeine: "Choisissez la quantité de caféine.",
      format: "Choisissez votre façon d’infuser.",
    });
  });

  it("keeps what was typed, but never passwords, card numbers or security codes", () => {
    const signUp = refusal(usStore, SignUpFormSchema, {
      firstName: "Robin",
      lastName: "",
      email: "robin@example.com",
      password: "Secret-beans-1",
      website: "",
    });
    expect(signUp.values).toEqual({ firstName: "Robin", lastName: "", email: "robin@example.com" });
    const card = refusal(usStore, CardFormSchema, {
      cardNumber: "4242 4242 4242 4242",
      cvc: "12",
      expiry: "13/30",
      holder: "Robin",
      billingPostalCode: "12207",
    });
    expect(card.fields).toEqual({ cvc: "Enter the 3- or 4-digit security code.", expiry: "Enter the expiry as MM/YY." });
    expect(card.values).toEqual({ expiry: "13/30", holder: "Robin", billingPostalCode: "12207" });
  });

  it("tells a code that is no ZIP or postal code from one of another state or province", () => {
    expect(refusal(usStore, AddressFormSchema, { ...address, postalCode: "1220" }).fields).toEqual({ postalCode: "Enter a 5-digit ZIP code (or ZIP+4)." });
    expect(refusal(usStore, AddressFormSchema, { ...address, postalCode: "94105" }).fields).toEqual({
      postalCode: "This ZIP code is not in the state you chose.",
    });
    const canadian = { ...address, region: "ON", postalCode: "H2X 1Y4", country: "CA" };
    expect(refusal(canadianStore, AddressFormSchema, canadian).fields).toEqual({ postalCode: "This postal code is not in the province you chose." });
    expect(refusal(canadianStore, AddressFormSchema, { ...canadian, region: "NY" }).fields).toEqual({
      region: "Choose a Canadian province or territory, such as ON.",
    });
  });

  it("says the page is out of date when only fields the shopper cannot see were refused", () => {
    const answer = refusal(usStore, PlaceOrderFormSchema, { checkoutKey: "x", expectedTotal: "12", expectedAmountDue: "12", intent: "place" });
    expect(answer.error).toBe("This page is out of date. Reload it and try again.");
    expect(answer.intent).toBe("place");
  });
});

describe("what the service refused, in the shop's words", () => {
  const en = formMessages("en", "usb2c");
  const fr = formMessages("fr", "cab2c");

  it("names the quantity, never the API's field name", () => {
    const tooMany = { type: "ValidationError", subject: "qty", reason: "too_big" };
    expect(apiProblemText(en, tooMany)).toBe("Quantity must be at most 24.");
    expect(apiProblemText(fr, tooMany)).not.toMatch(/qty/);
    expect(apiProblemText(en, { type: "CartEntryError", subject: "qty", reason: "maxOrderQuantityExceeded" })).toBe("Quantity must be at most 24.");
  });

  it("says how much stock is left, or that there is none", () => {
    expect(apiProblemText(en, { type: "InsufficientStockError", reason: "lowStock", availableQuantity: 3 })).toBe("Only 3 more of this item can be added.");
    expect(apiProblemText(en, { type: "InsufficientStockError", reason: "noStock", availableQuantity: 0 })).toBe("There isn't enough of this item in stock.");
  });

  it("says too many attempts were made, rather than that the input was wrong", () => {
    expect(apiProblemText(en, { type: "TooManyRequestsError" })).toBe("Too many attempts. Nothing was changed; please try again later.");
    expect(apiProblemText(fr, { type: "TooManyRequestsError" })).toMatch(/^Trop de tentatives/);
  });

  it("gives a refused field its own phrase, and anything else a plain 'nothing was changed'", () => {
    expect(apiProblemText(en, { type: "ValidationError", subject: "email", reason: "invalid_format" })).toBe("Enter a valid email address.");
    expect(apiProblemText(fr, { type: "ValidationError", subject: "entryNumber", reason: "too_big" })).toBe(
      "Rien n’a été modifié. Vérifiez ce que vous avez entré et réessayez.",
    );
    expect(apiProblemText(en, undefined)).toBe("Nothing was changed. Check what you entered and try again.");
  });
});
