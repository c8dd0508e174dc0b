import { randomFillSync } from "node:crypto";

/**
 * Random bytes for ids that every request makes (its CSP nonce, its correlation id), taken from a
 * buffer refilled 4 kB at a time: one call into the system's generator for 256 ids instead of one
 * each, as Node does for randomUUID. Each byte is handed out once.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

function take(count: number): Buffer {
  if (used + count > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.subarray(used, used + count);
  used += count;
  return bytes;
}

/** `count` random bytes as lowercase hex. */
export function randomHex(count: number): string {
  return take(count).toString("hex");
}

/** `count` random bytes in base64. */
export function randomBase64(count: number): string {
  return take(count).toString("base64");
}
