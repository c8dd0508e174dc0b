import type { SerialRefusal } from "../contract/brewer-registration";

/**
 * Brewer serial numbers (decision 070), rules that need no database. A serial is 13 characters:
 * the model's two letters, the year and week it was made (YYWW), a six-digit unit number and a
 * check digit, printed in groups on the brewer's label (`KB 2611 004217 3`). The check digit is
 * Luhn's over the first twelve characters, each letter read as its number (A = 10 … Z = 35), so a
 * mistyped character or two swapped neighbours is caught before the database is asked.
 */

export const SERIAL_LENGTH = 13;
const SERIAL_SHAPE = /^[A-Z]{2}\d{2}(0[1-9]|[1-4]\d|5[0-3])\d{6}\d$/;

/** The serial as an owner may type it (lower case, spaces, dashes), as it is stored. */
export function normaliseSerial(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, "");
}

/** The serial in the label's groups: model, year and week, unit, check digit. */
export function displaySerial(serial: string): string {
  return `${serial.slice(0, 2)} ${serial.slice(2, 6)} ${serial.slice(6, 12)} ${serial.slice(12)}`;
}

/** Luhn's check digit over the digits the characters stand for (letters as 10–35). */
export function checkDigitOf(payload: string): number {
  const digits = [...payload].flatMap((ch) => [...String(/\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55)].map(Number));
  let sum = 0;
  // Doubling starts from the rightmost payload digit: the check digit will stand to its right.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    const d = digits[i]! * (double ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A serial for a model, week and unit, with its check digit: how the factory numbers brewers (and the seed). */
export function makeSerial(modelLetters: string, yearWeek: string, unit: number): string {
  const payload = `${modelLetters}${yearWeek}${String(unit).padStart(6, "0")}`;
  return `${payload}${checkDigitOf(payload)}`;
}

/** Whether a normalised serial has the shape and check digit of one; null when it has. */
export function serialShapeRefusal(serial: string): Extract<SerialRefusal, "malformed" | "checkDigit"> | null {
  if (serial.length !== SERIAL_LENGTH || !SERIAL_SHAPE.test(serial)) return "malformed";
  return checkDigitOf(serial.slice(0, 12)) === Number(serial[12]) ? null : "checkDigit";
}

/** Two letters naming a brewer model on its serials, from its family code (stable, not unique: the serial itself is). */
export function modelLettersOf(familyCode: string): string {
  let h = 2166136261;
  for (const ch of familyCode) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return String.fromCharCode(65 + (h % 26), 65 + (Math.floor(h / 26) % 26));
}

/** Why a serial that exists may not be registered by this customer for this model; null when it may. */
export function registrationRefusal(
  serial: { familyCode: string; registeredTo: string | null },
  customerId: string | null,
  claimedFamily: string | undefined,
): Extract<SerialRefusal, "otherModel" | "registeredToYou" | "registered"> | null {
  if (claimedFamily !== undefined && claimedFamily !== serial.familyCode) return "otherModel";
  if (serial.registeredTo === null) return null;
  return serial.registeredTo === customerId ? "registeredToYou" : "registered";
}

/** The welcome coupon's code: readable, one per account, never guessable from the account. */
export function welcomeCouponCode(random: string): string {
  return `WELCOME-${random.toUpperCase().slice(0, 8)}`;
}
