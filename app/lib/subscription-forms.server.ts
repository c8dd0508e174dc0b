import { z } from "zod";
import { CancelSubscriptionRequestSchema, DeliveryDateSchema, FrequencyWeeksSchema, SubscriptionCodeSchema } from "../../commerce/contract/auto-delivery";
import { LineQuantitySchema } from "../../commerce/contract/cart";
import { RecordIdSchema } from "./account-schemas.server";

/**
 * The auto-delivery page's forms (one small form per change), checked with the contract's own
 * schemas before the API is called, so the page refuses exactly what the service would.
 */
export const SubscriptionFormSchema = z.object({ code: SubscriptionCodeSchema });
export const FrequencyFormSchema = SubscriptionFormSchema.extend({ frequencyWeeks: FrequencyWeeksSchema });
export const NextDateFormSchema = SubscriptionFormSchema.extend({ nextDeliveryDate: DeliveryDateSchema });
const ItemFormSchema = SubscriptionFormSchema.extend({ productCode: z.string().trim().min(1).max(64) });
export const RemoveItemFormSchema = ItemFormSchema;
/** A quantity is 1 to the cart's line limit here; taking an item off is its own button. */
export const QuantityFormSchema = ItemFormSchema.extend({ qty: LineQuantitySchema });
export const AddressChoiceFormSchema = SubscriptionFormSchema.extend({ addressId: RecordIdSchema });
export const CancelFormSchema = SubscriptionFormSchema.extend(CancelSubscriptionRequestSchema.shape);
/** ?charged= after a cancel that ended a campaign's commitment early: what it charged, in minor units. */
export const ChargedSchema = z.coerce.number().int().min(1).max(100_000_000);
