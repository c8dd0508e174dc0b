import { randomBytes } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import { type Affiliate, AffiliateSchema } from "../../commerce/contract/affiliate";
import { EmailSchema, PasswordSchema } from "../../commerce/contract/auth";
import { CheckoutKeySchema, DeliveryDetailsRequestSchema, PlaceOrderRequestSchema } from "../../commerce/contract/checkout";
import { fieldText } from "../brands/form-messages";
import { type CheckoutMessages, checkoutMessages } from "../brands/checkout-messages";
import { format } from "../brands/locale";
import { AddressFormSchema } from "./account-schemas.server";
import { ApiError, clientContext } from "./api-client.server";
import type { StorefrontContext } from "./context";
import { perksMessages, rewardProblem } from "../brands/perks-messages";
import { type FormAnswer, apiProblemText, checkForm, fieldProblem, formAnswer, formText } from "./form-validation.server";
import { localePath } from "./paths";
import type { CheckoutCaller } from "../models/checkout.server";

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

/** A delivery address typed at checkout (the form's country is the store's): the address book's default is not asked. */
export const DeliveryAddressFormSchema = AddressFormSchema.transform(({ isDefault: _notAsked, ...address }) => address);

export const ChooseAddressFormSchema = z.object({ addressId: z.string().min(1).max(64) });
export const DeliveryFormSchema = DeliveryDetailsRequestSchema.pick({ deliveryModeId: true, deliveryCost: true, contactNo: true });

/** Card fields as typed (spaces allowed in the number, the expiry as MM/YY), as the payment details the service takes. */
export const CardFormSchema = z
  .object({
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
  })
  .transform(({ cardNumber, expiry, cvc, holder, billingPostalCode }) => ({
    cardNumber,
    expiryMonth: expiry.expMonth,
    expiryYear: expiry.expYear,
    cvc,
    accountHolderName: holder,
    billingPostalCode,
  }));

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
  /** Sent by the auto-delivery section's select, for a cart with auto-delivery lines. */
  adFrequencyWeeks: PlaceOrderRequestSchema.shape.adFrequencyWeeks,
  /** Each line's unit price as the review showed it: an operator's price change since is named, not just the total. */
  expectedPrices: PlaceOrderRequestSchema.shape.expectedPrices,
});

/**
 * The affiliate this browser landed through, as its targeting cookies keep it (decision 078); a
 * cookie out of shape (changed by hand) counts as none rather than failing the order.
 */
export function affiliateOf(cookie: (name: string) => string | undefined): Affiliate | undefined {
  const affiliate = AffiliateSchema.safeParse({ merchantId: cookie("ranMID"), siteId: cookie("ranSiteID") });
  if (affiliate.success) return affiliate.data;
  const merchantOnly = AffiliateSchema.safeParse({ merchantId: cookie("ranMID") });
  return merchantOnly.success ? merchantOnly.data : undefined;
}

/**
 * One section's post: its fields checked by `schema`, saved by `save`, then back to the page at
 * the next section (redirect-after-POST); or the 400 that shows the section's errors.
 */
export async function saveSection<S extends z.ZodType>(
  context: StorefrontContext,
  form: Record<string, string>,
  schema: S,
  save: (input: z.output<S>) => Promise<unknown>,
  next: string,
): Promise<FormAnswer | Response> {
  const checked = checkForm(context, schema, form);
  if ("answer" in checked) return checked.answer;
  await save(checked.data);
  return redirect(`${localePath(context.lang, "/checkout/singlestep")}#${next}`, 303);
}

/** The service's refusals that have words of their own. */
const REFUSALS: Record<string, keyof CheckoutMessages> = {
  card_declined: "cardDeclined",
  expired_card: "cardDeclined",
  insufficient_funds: "insufficientFunds",
  processing_error: "paymentFailed",
  totalChanged: "totalChanged",
  priceChanged: "priceChanged",
  cartChanged: "cartChanged",
  giftCardChanged: "giftCardChanged",
  deliveryCostChanged: "deliveryCostChanged",
  noStock: "soldOut",
  lowStock: "lowStock",
  signInToSubscribe: "adSignInRefused",
  cardForAutoDelivery: "adCardRefused",
};

/**
 * What the service said, for the shopper: stock, changed totals and refused cards get their own
 * words; a field the service refused is marked; anything else unexpected is a failure to retry.
 */
export function checkoutApiProblem(
  context: StorefrontContext,
  err: unknown,
  form: Record<string, string>,
  productNames: ReadonlyMap<string, string> = new Map(),
): FormAnswer {
  if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
  const t = checkoutText(context);
  const item = err.errors[0];
  const answer = (error: string, fields?: Record<string, string>) => formAnswer(form, { error, fields }, err.status, err.retryAfterHeader);
  // Perks refusals (rewards that cost more than the points left) have the rewards panel's words.
  const inWords = apiProblemText(formText(context, form), item, form);
  if (item?.type === "RewardError") {
    const p = perksMessages(context.lang, context.brand.id);
    return answer(rewardProblem(p, item.reason, format(p.problem, { reason: inWords })));
  }
  const refusal = item?.reason && Object.hasOwn(REFUSALS, item.reason) ? REFUSALS[item.reason] : undefined;
  if (refusal) {
    const product = productNames.get(item?.subject ?? "") ?? item?.subject ?? "";
    return answer(format(t[refusal], { product, available: item?.availableQuantity ?? 0 }));
  }
  const reason = format(t.checkoutProblem, { reason: inWords });
  if (item?.subject && (err.status === 400 || err.status === 404))
    return answer(reason, { [item.subject]: fieldText(formText(context), fieldProblem(item.subject, undefined, form)) });
  return answer(reason);
}
