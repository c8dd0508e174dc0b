import { type ActionFunctionArgs, redirect } from "react-router";
import { z } from "zod";
import { CartGuidSchema } from "../../commerce/contract/cart";
import { amountFromText, GiftCardCredentialsSchema } from "../../commerce/contract/gift-card";
import { type GiftCardProblem, giftCardProblem } from "../lib/gift-card-codes";
import type { GiftCardField, GiftCardFormResult } from "../components/GiftCardForm";
import { ApiError, clientContext } from "../lib/api-client.server";
import { readFormFields } from "../lib/form-body.server";
import { safeReturnPath } from "../lib/paths";
import { applyGiftCard, checkGiftCardBalance, removeGiftCard, setGiftCardAmount } from "../models/gift-card.server";

const GiftCardFormSchema = z.object({
  intent: z.enum(["validate", "apply", "remove", "apply-value"]),
  cartGuid: CartGuidSchema,
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
  returnTo: z.string().optional(),
});

/** Where each problem is shown: next to its field, or above the form. */
const FIELD_OF: Partial<Record<GiftCardProblem, GiftCardField>> = {
  invalid: "number",
  expired: "number",
  empty: "number",
  blocked: "number",
  currency: "number",
  tooMany: "number",
  badNumber: "number",
  badPin: "pin",
  badAmount: "amount",
  overBalance: "amount",
};

const answer = (result: GiftCardFormResult, status = 200, headers: Record<string, string> = {}) =>
  Response.json(result, { status, headers: { "Cache-Control": "private, no-store", ...headers } });

/**
 * POST /checkout/giftcard from the cart page or checkout: check a balance, apply a card, remove
 * one, or use part of its balance. Without JavaScript the shopper returns to the page (a safe
 * same-site returnTo) with the outcome in the address; with it, the form posts in place and the
 * page reloads its data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormFields(request);
  const inline = form.inline === "1";
  const back = new URL(safeReturnPath(form.returnTo, "/cart"), "http://x");
  const reply = (result: GiftCardFormResult, status = 200, headers: Record<string, string> = {}) => {
    if (inline) return answer(result, status, headers);
    for (const key of ["giftCard", "giftCardError", "giftCardField", "giftCardId", "giftCardBalance", "giftCardEnding"]) back.searchParams.delete(key);
    if (result.outcome) back.searchParams.set("giftCard", result.outcome);
    if (result.problem) back.searchParams.set("giftCardError", result.problem);
    if (result.field) back.searchParams.set("giftCardField", result.field);
    if (result.id !== undefined) back.searchParams.set("giftCardId", String(result.id));
    if (result.balance) {
      back.searchParams.set("giftCardBalance", String(result.balance.minor));
      back.searchParams.set("giftCardEnding", result.balance.ending);
    }
    return redirect(`${back.pathname}${back.search}#gift-cards`, 303);
  };
  const problem = (code: GiftCardProblem, status: number, id?: number, headers?: Record<string, string>) =>
    reply({ problem: code, field: FIELD_OF[code], id }, status, headers);

  const parsed = GiftCardFormSchema.safeParse(form);
  if (!parsed.success) return problem(parsed.error.issues.some((i) => i.path[0] === "cartGuid") ? "noCart" : "notApplied", 400);
  const { intent, cartGuid, id } = parsed.data;
  const api = clientContext(context);
  try {
    if (intent === "validate" || intent === "apply") {
      const card = GiftCardCredentialsSchema.safeParse(form);
      if (!card.success) return problem(card.error.issues[0]?.path[0] === "pin" ? "badPin" : "badNumber", 400);
      if (intent === "apply") {
        await applyGiftCard(api, cartGuid, card.data);
        return reply({ outcome: "applied" });
      }
      const balance = await checkGiftCardBalance(api, cartGuid, card.data);
      return reply({ outcome: "balance", balance: { minor: balance.balance.minor, ending: card.data.number.slice(-4) } });
    }
    if (id === undefined) return problem("notApplied", 400);
    if (intent === "remove") {
      await removeGiftCard(api, cartGuid, id);
      return reply({ outcome: "removed", id });
    }
    const amount = amountFromText(form.amount ?? "");
    if (amount === undefined || amount === 0) return problem("badAmount", 400, id);
    await setGiftCardAmount(api, cartGuid, id, amount);
    return reply({ outcome: "amountSet", id });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return problem(problemOf(err), err.status >= 400 && err.status < 500 ? err.status : 503, id, err.retryAfterHeader);
  }
}

/** The phrase for the service's answer: its GiftCardError reason, or what the status says. */
function problemOf(err: ApiError): GiftCardProblem {
  const item = err.errors[0];
  if (err.status === 429) return "tooManyAttempts";
  if (err.status === 0 || err.status >= 500) return "unavailable";
  if (item?.type === "CartError") return "noCart";
  if (item?.type === "GiftCardError") return giftCardProblem(item.reason) ?? "invalid";
  if (item?.subject === "amount") return "badAmount";
  return item?.subject === "pin" ? "badPin" : "badNumber";
}

export function loader() {
  return redirect("/cart", 303);
}
