import { type ActionFunctionArgs, redirect } from "react-router";
import { z } from "zod";
import { CartLineRequestSchema, PODS_AT_HOME_ENTRY_TYPES } from "../../commerce/contract/cart";
import { blankAsAbsent } from "../../commerce/contract/form-values";
import type { FieldProblem } from "../brands/form-messages";
import { FrequencyWeeksSchema } from "../../commerce/contract/frequency";
import { clientContext } from "../lib/api-client.server";
import { autoDeliveryFromSiteConfig } from "../lib/auto-delivery.server";
import { cartAddAction } from "../lib/cart-add.server";
import { CartAddAnswerSchema, type StorefrontOperation, jsonAnswer, post } from "../lib/storefront-operations.server";
import { addToCart } from "../models/cart.server";
import { getLayoutContent } from "../models/cms.server";

/**
 * The add form's fields: a product's line and, for "Subscribe and save", how often (weeks) and the
 * pods at home. The form always sends the subscription's fields; a one-time purchase leaves them
 * out, whatever they hold.
 */
const CartAddFormSchema = z.preprocess(
  (form) => {
    const fields = { ...(form as Record<string, unknown>) };
    const entryType = blankAsAbsent(fields.entryType) ?? "STD";
    if (entryType === "STD") delete fields.frequencyWeeks;
    if (!PODS_AT_HOME_ENTRY_TYPES.includes(entryType as "ADC")) delete fields.podsAtHomeQty;
    return fields;
  },
  CartLineRequestSchema.extend({ frequencyWeeks: z.preprocess(blankAsAbsent, FrequencyWeeksSchema.optional()) }),
);

/** Pods at home, when given, at most the store's maximum (its site configuration, read only then). */
async function podsAtHomeWithinMaximum(context: ActionFunctionArgs["context"], podsAtHomeQty: number | undefined): Promise<FieldProblem | undefined> {
  if (podsAtHomeQty === undefined) return undefined;
  const layout = await getLayoutContent(clientContext(context)).catch(() => undefined);
  const { maxPodsAtHome } = autoDeliveryFromSiteConfig(layout?.siteConfig ?? {});
  return maxPodsAtHome !== undefined && podsAtHomeQty > maxPodsAtHome ? { message: "podsAtHomeTooLarge", limit: maxPodsAtHome } : undefined;
}

/**
 * POST /cart/add from a product page, a product tile or the compare table. Without JavaScript the
 * shopper returns to the page with ?added= (a banner says so); with it, the form posts inline and
 * the page shows a snackbar and dispatches the cart-changed event. An auto-delivery line's
 * frequency is the checkout's to send (one per order): the session keeps it until then.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return cartAddAction(
    request,
    context,
    CartAddFormSchema,
    async (api, { productCode, qty, entryType, podsAtHomeQty, frequencyWeeks }, cartGuid) => {
      const added = await addToCart(api, { productCode, qty, entryType, podsAtHomeQty }, cartGuid);
      if (entryType !== "STD" && frequencyWeeks !== undefined) await context.shopper?.rememberAdFrequency(frequencyWeeks);
      return added;
    },
    (line) => podsAtHomeWithinMaximum(context, line.podsAtHomeQty),
  );
}

/** The fields the wrapper posts inline, not all that CartAddFormSchema above reads (the pods at home, blank fields). */
action.openapi = {
  path: "/cart/add",
  operation: post("Adds a product to this session's cart (the product pages' form); inline=1 answers JSON instead of a 303 back to the page", {
    tags: ["web-app wrapper"],
    requestBody: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: z.object({
            productCode: z.string(),
            qty: z.number().int().min(1),
            entryType: z.enum(["STD", "ADC"]).optional(),
            frequencyWeeks: z.number().int().optional(),
            inline: z.literal("1"),
          }),
        },
      },
    },
    responses: {
      200: jsonAnswer("Added", CartAddAnswerSchema),
      400: jsonAnswer("Refused, with the reason's code", z.object({ cartError: z.string().optional(), limit: z.number().int().optional() })),
    },
  }),
} satisfies StorefrontOperation;

export function loader() {
  return redirect("/cart", 303);
}
