import { z } from "zod";

/** Deliveries come every 1 to 26 weeks: more often is a typo, less often is not a subscription. */
export const MIN_FREQUENCY_WEEKS = 1;
export const MAX_FREQUENCY_WEEKS = 26;
/** A new subscription's frequency when the checkout names none. */
export const DEFAULT_FREQUENCY_WEEKS = 4;
const wholeNumber = (value: unknown) => (typeof value === "string" && /^-?\d{1,9}$/.test(value) ? Number(value) : value);

/** How often an auto-delivery comes, in weeks (its own module: checkout and auto-delivery both read it). */
export const FrequencyWeeksSchema = z.preprocess(
  wholeNumber,
  z
    .number({ error: `must be a whole number of weeks from ${MIN_FREQUENCY_WEEKS} to ${MAX_FREQUENCY_WEEKS}` })
    .int(`must be a whole number of weeks from ${MIN_FREQUENCY_WEEKS} to ${MAX_FREQUENCY_WEEKS}`)
    .min(MIN_FREQUENCY_WEEKS, `must be at least ${MIN_FREQUENCY_WEEKS} week`)
    .max(MAX_FREQUENCY_WEEKS, `must be at most ${MAX_FREQUENCY_WEEKS} weeks`),
);
