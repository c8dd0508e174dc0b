import { z } from "zod";
import { DeliveryDateSchema } from "./auto-delivery";

/**
 * The operators' movable store clock (decision 055, STORE_CLOCK_MOVABLE): end-to-end tests move
 * it ahead to a delivery date and have the due auto-delivery orders placed at once.
 */

export const StoreClockSchema = z.object({
  /** The store's time, ISO 8601 (UTC). */
  now: z.string(),
  /** The store's calendar day, YYYY-MM-DD (UTC), the day auto-delivery goes by. */
  today: z.string(),
  /** How far the store's clock runs ahead of the system's. */
  offsetSeconds: z.number().int(),
});

/** PUT …/operator/clock: the day to move to (noon UTC on it); a clock already past it stays where it is. */
export const MoveStoreClockRequestSchema = z.object({ day: DeliveryDateSchema });

/** POST …/operator/auto-delivery/sweep: how each due subscription went, by outcome, and the reminders mailed. */
export const AutoDeliverySweepSchema = z.object({
  outcomes: z.record(z.string(), z.number().int().nonnegative()),
  reminders: z.number().int().nonnegative(),
});
