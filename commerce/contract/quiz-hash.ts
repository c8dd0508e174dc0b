import { createHash } from "node:crypto";

/**
 * The lookup service is asked by hash, not by answers: the same answers always give the same
 * hash, so answers can be looked up (and cached) without the service parsing free text.
 * Server-side only (node:crypto).
 */
export function lookupHashOf(bits: string): string {
  return createHash("sha256").update(`brewfront sensory|${bits}`).digest("hex").slice(0, 32);
}
