import { randomBytes } from "node:crypto";
import { data } from "@remix-run/node";
import { z } from "zod";
import { AddressInputSchema } from "../../commerce/contract/address";
import { EmailSchema, PasswordSchema } from "../../commerce/contract/auth";
import { CheckoutKeySchema, DeliveryDetailsRequestSchema } from "../../commerce/contract/checkout";
import { type CheckoutMessages, checkoutMessages } from "../brands/checkout-messages";
import { format } from "../brands/messages";
import { keptValues } from "./account-forms.server";
import { addressFromForm } from "./account-schemas.server";
import { ApiError, clientContext } from "./api-client.server";
import type { StorefrontContext } from "./context";
import type { CheckoutCaller } from "../models/checkout.server";

/** What a checkout section answers when it has to be fixed: which section, a message, the fields, what was typed. */
export interface CheckoutProblem {
  intent: string;
  error?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

export function checkoutText(context: StorefrontContext): CheckoutMessages {
  return checkoutMessages(context.lang, context.brand.id);
}

export function checkoutCaller(context: StorefrontContext): CheckoutCaller {
  return { api: clientContext(context), guestClient: context.guestClient };
}

/** The Canadian store ships within Canada; the US stores within the United States. */
export function shippingCountry(context: StorefrontContext): "US" | "CA" {
  return context.brand.currency === "CAD" ? "CA" : "US";
}

export const GuestEmailFormSchema = z.object({ email: EmailSchema });

/** A delivery address typed at checkout: the country is the store's, the checkbox a flag. */
export function deliveryAddressFromForm(form: Record<string, string>, country: "US" | "CA") {
  const { isDefault: _notAsked, ...address } = addressFromForm({ ...form, country });
  return AddressInputSchema.safeParse(address);
}

export const ChooseAddressFormSchema = z.object({ addressId: z.string().min(1).max(64) });
export const DeliveryFormSchema = DeliveryDetailsRequestSchema.pick({ deliveryModeId: true, deliveryCost: true, contactNo: true });

/** Card fields as typed: spaces allowed in the number, the expiry as MM/YY. Only passed on, never kept. */
export const CardFormSchema = z.object({
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/)),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/)
    .transform((v) => {
      const [month, year] = v.split("/").map((p) => Number(p.trim()));
      return { expMonth: month!, expYear: year! < 100 ? 2000 + year! : year! };
    }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/),
  holder: z.string().trim().min(1).max(100),
  billingPostalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/),
});

/** A fresh key per checkout page view: every resubmit of that page's review finds the same order. */
export function newCheckoutKey(): string {
  return randomBytes(16).toString("hex");
}

/** A guest keeps their order in a new account: only a password is asked (the order has the rest). */
export const CreateAccountFormSchema = z.object({ password: PasswordSchema });

export const PlaceOrderFormSchema = z.object({
  checkoutKey: CheckoutKeySchema,
  expectedTotal: z.coerce.number().int().min(0),
  expectedAmountDue: z.coerce.number().int().min(0),
});

const noStore = { "Cache-Control": "private, no-store" };

/** A 400 naming each field to fix, in the shopper's language, with what was typed (never card data). */
export function invalidSection(t: CheckoutMessages, intent: string, error: z.ZodError, form: Record<string, string>) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "other");
    fields[field] ??= fieldMessage(t, field, issue);
  }
  return data<CheckoutProblem>({ intent, fields, values: keptCheckoutValues(form) }, { status: 400, headers: noStore });
}

function fieldMessage(t: CheckoutMessages, field: string, issue: z.core.$ZodIssue): string {
  const blank = issue.code === "too_small" || issue.code === "invalid_type";
  if (blank && field !== "cardNumber" && field !== "cvc") return t.fieldRequired;
  switch (field) {
    case "email":
      return t.emailInvalid;
    case "postalCode":
      // The shape is right but the code belongs to another state or province.
      return issue.code === "custom" && /begin with|, not [A-Z]{2}\.$/.test(issue.message) ? t.postalRegionMismatch : t.postalInvalid;
    case "region":
      return t.regionInvalid;
    case "cardNumber":
      return t.cardNumberInvalid;
    case "expiry":
      return t.expiryInvalid;
    case "cvc":
      return t.cvcInvalid;
    case "billingPostalCode":
      return t.postalInvalid;
    default:
      return t.fieldInvalid;
  }
}

const CARD_FIELDS = new Set(["cardNumber", "cvc", "expiry"]);

function keptCheckoutValues(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(keptValues(form)).filter(([k]) => !CARD_FIELDS.has(k)));
}

/**
 * What the service said, for the shopper: stock, changed totals and refused cards get their own
 * words; a field the service refused is marked; anything else unexpected is a failure to retry.
 */
export function checkoutApiProblem(
  t: CheckoutMessages,
  intent: string,
  err: unknown,
  form: Record<string, string>,
  productNames: ReadonlyMap<string, string> = new Map(),
) {
  if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
  const item = err.errors[0];
  const values = keptCheckoutValues(form);
  const answer = (error: string, fields?: Record<string, string>) =>
    data<CheckoutProblem>({ intent, error, fields, values }, { status: err.status, headers: noStore });
  switch (item?.reason) {
    case "card_declined":
    case "expired_card":
      return answer(t.cardDeclined);
    case "insufficient_funds":
      return answer(t.insufficientFunds);
    case "processing_error":
      return answer(t.paymentFailed);
    case "totalChanged":
      return answer(t.totalChanged);
    case "cartChanged":
      return answer(t.cartChanged);
    case "giftCardChanged":
      return answer(t.giftCardChanged);
    case "deliveryCostChanged":
      return answer(t.deliveryCostChanged);
    case "noStock":
      return answer(format(t.soldOut, { product: productNames.get(item.subject ?? "") ?? item.subject ?? "" }));
    case "lowStock":
      return answer(format(t.lowStock, { product: productNames.get(item.subject ?? "") ?? item.subject ?? "", available: item.availableQuantity ?? 0 }));
  }
  if (item?.subject && (err.status === 400 || err.status === 404))
    return answer(format(t.checkoutProblem, { reason: item.message }), { [item.subject]: t.fieldInvalid });
  return answer(format(t.checkoutProblem, { reason: item?.message ?? "" }));
}
