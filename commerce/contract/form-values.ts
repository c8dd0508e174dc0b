/*
 * How the contract's schemas read values that may come from an HTML form, where everything is
 * text: one definition for every module (preprocessors for z.preprocess).
 */

/** Forms send everything as text; empty means "not given". */
export const blankAsAbsent = (value: unknown): unknown => (value === "" || value === null ? undefined : value);

/** A whole number from JSON or from a form field ("3"); "3.5", "abc" and " 3" are refused. */
export const wholeNumber = (value: unknown): unknown => (typeof value === "string" && /^-?\d{1,9}$/.test(value) ? Number(value) : value);
