import { z } from "zod";
import { wholeNumber } from "./form-values";

import { MAX_FREQUENCY_WEEKS, MIN_FREQUENCY_WEEKS } from "./frequency-weeks";

export { DEFAULT_FREQUENCY_WEEKS, MAX_FREQUENCY_WEEKS, MIN_FREQUENCY_WEEKS } from "./frequency-weeks";

/** How often an auto-delivery comes, in weeks (its own module: checkout and auto-delivery both read it). */
export const FrequencyWeeksSchema = z.preprocess(
  wholeNumber,
  z
    .number({ error: `must be a whole number of weeks from ${MIN_FREQUENCY_WEEKS} to ${MAX_FREQUENCY_WEEKS}` })
    .int(`must be a whole number of weeks from ${MIN_FREQUENCY_WEEKS} to ${MAX_FREQUENCY_WEEKS}`)
    .min(MIN_FREQUENCY_WEEKS, `must be at least ${MIN_FREQUENCY_WEEKS} week`)
    .max(MAX_FREQUENCY_WEEKS, `must be at most ${MAX_FREQUENCY_WEEKS} weeks`),
);
