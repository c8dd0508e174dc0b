import { createHash } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import {
  ADDRESS_CORRECTIONS,
  AddressVerificationRequestSchema,
  type AddressVerificationReason,
  VerifiedAddressSchema,
} from "../../commerce/contract/address-service";
import { addressReviewMessages, type AddressReviewMessages } from "../brands/address-review-messages";
import type { AddressParts } from "../components/AddressLines";
import { verifyAddress } from "../models/address-verification.server";
import { shopperOf } from "./account-forms.server";
import { clientContext } from "./api-client.server";
import { DeliveryAddressFormSchema } from "./checkout-forms.server";
import type { StorefrontContext } from "./context";
import { localePath } from "./paths";

/**
 * Checkout's address review (decision 081). A typed delivery address goes to the verifier first;
 * when it suggests a correction, the address waits in the session and the page shows both, with
 * "Use suggested address" and "Keep the address I entered" (plain form posts). An address kept as
 * typed is remembered, so the same address is not questioned again. A verifier that does not
 * answer never stops the order: the address is kept as typed.
 */

/** How many addresses kept as typed a session remembers. */
const KEPT = 8;

const text = (max: number) => z.string().max(max);

const EnteredSchema = z.object({
  firstName: text(60),
  lastName: text(60),
  line1: text(120),
  line2: text(120).optional(),
  town: text(80),
  region: text(3),
  postalCode: text(12),
  phone: text(30).optional(),
});
type Entered = z.infer<typeof EnteredSchema>;

const ReviewStateSchema = z.object({
  pending: z
    .object({
      entered: EnteredSchema,
      saveInAddressBook: z.boolean(),
      suggestion: VerifiedAddressSchema,
      reasons: z.array(z.enum(ADDRESS_CORRECTIONS)),
    })
    .optional(),
  kept: z.array(z.string().max(32)).max(KEPT),
});
type ReviewState = z.infer<typeof ReviewStateSchema>;

function stateOf(context: StorefrontContext): ReviewState {
  return ReviewStateSchema.safeParse(shopperOf(context).addressReview).data ?? { kept: [] };
}

async function keep(context: StorefrontContext, state: ReviewState): Promise<void> {
  await shopperOf(context).rememberAddressReview(state.pending || state.kept.length > 0 ? state : undefined);
}

/** The same address whatever its case and spacing: what "asked before" is counted by. */
function fingerprint(a: { line1: string; line2?: string; town: string; region: string; postalCode: string; country: string }): string {
  const norm = (s: string | undefined) => (s ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  return createHash("sha256")
    .update([a.line1, a.line2, a.town, a.region, a.postalCode.replace(/[\s-]/g, ""), a.country].map(norm).join("|"))
    .digest("base64url")
    .slice(0, 22);
}

const corrections = new Set<AddressVerificationReason>(ADDRESS_CORRECTIONS);

/**
 * Before the address section's post is saved: a redirect to the review when the verifier suggests
 * a correction the shopper has not answered for this address; undefined to save it as typed. Only
 * the postal mistakes are the verifier's to fix; any other mistake is the form's to show.
 */
export async function reviewTypedAddress(context: StorefrontContext, form: Record<string, string>, saveInAddressBook: boolean): Promise<Response | undefined> {
  const checked = DeliveryAddressFormSchema.safeParse(form);
  if (!checked.success && !checked.error.issues.every((i) => i.path[0] === "region" || i.path[0] === "postalCode")) return undefined;
  const request = AddressVerificationRequestSchema.safeParse({ ...form, line2: form.line2 || undefined });
  if (!request.success) return undefined;
  const state = stateOf(context);
  const asked = state.kept.includes(fingerprint(request.data));
  const verdict = asked ? null : await verifyAddress(clientContext(context), request.data);
  if (!verdict || verdict.verdict !== "corrected" || !verdict.suggestion) {
    if (state.pending) await keep(context, { kept: state.kept });
    return undefined;
  }
  const entered: Entered = {
    firstName: (form.firstName ?? "").trim(),
    lastName: (form.lastName ?? "").trim(),
    line1: request.data.line1,
    line2: request.data.line2 || undefined,
    town: request.data.town,
    region: request.data.region,
    postalCode: request.data.postalCode,
    phone: form.phone?.trim() || undefined,
  };
  const reasons = verdict.reasons.filter((r): r is (typeof ADDRESS_CORRECTIONS)[number] => corrections.has(r));
  await keep(context, { pending: { entered, saveInAddressBook, suggestion: verdict.suggestion, reasons }, kept: state.kept });
  return redirect(`${localePath(context.lang, "/checkout/singlestep")}#address-review`, 303);
}

export const AddressChoiceFormSchema = z.object({ choice: z.enum(["suggested", "entered"]) });

/**
 * The shopper's answer to the review: the address section's form for the address they chose, or
 * null when nothing waits (a second click, another tab). Keeping the typed address remembers it.
 */
export async function takeAddressChoice(
  context: StorefrontContext,
  choice: z.infer<typeof AddressChoiceFormSchema>["choice"],
): Promise<{ form: Record<string, string>; saveInAddressBook: boolean } | null> {
  const state = stateOf(context);
  if (!state.pending) return null;
  const { entered, suggestion, saveInAddressBook } = state.pending;
  const address =
    choice === "suggested"
      ? { ...entered, line1: suggestion.line1, line2: suggestion.line2, town: suggestion.town, region: suggestion.region, postalCode: suggestion.postalCode }
      : entered;
  const print = fingerprint({ ...entered, country: suggestion.country });
  const kept = choice === "entered" ? [print, ...state.kept.filter((k) => k !== print)].slice(0, KEPT) : state.kept;
  await keep(context, { kept });
  return {
    form: { intent: "address", ...address, line2: address.line2 ?? "", phone: address.phone ?? "", country: suggestion.country },
    saveInAddressBook,
  };
}

/** An address chosen otherwise (from the book) ends a review that waited. */
export async function forgetAddressReview(context: StorefrontContext): Promise<void> {
  const state = stateOf(context);
  if (state.pending) await keep(context, { kept: state.kept });
}

export interface AddressReview {
  entered: AddressParts;
  suggestion: AddressParts;
  reasons: string[];
  texts: Omit<AddressReviewMessages, "reasons">;
}

/** What the page shows of a review that waits for the shopper, in the page's language; null when none waits. */
export function addressReviewOf(context: StorefrontContext): AddressReview | null {
  const pending = stateOf(context).pending;
  if (!pending) return null;
  const { reasons, ...texts } = addressReviewMessages(context.lang, context.brand.id);
  const { entered, suggestion } = pending;
  return {
    entered: { ...entered, country: suggestion.country },
    suggestion: { ...suggestion, firstName: entered.firstName, lastName: entered.lastName },
    reasons: pending.reasons.map((r) => reasons[r]),
    texts,
  };
}
