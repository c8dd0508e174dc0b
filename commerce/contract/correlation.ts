import { randomHex } from "../../lib/random";

/** A correlation id is 16 random bytes in hex plus a timestamp. */
export function newCorrelationId(now = Date.now()): string {
  return `${randomHex(16)}-${now}`;
}

const SHAPE = /^[0-9a-f]{32}-\d{10,16}$/;

/** Keeps a caller's id when it has our shape (so a trace crosses services), else makes a new one. */
export function correlationIdFrom(header: string | undefined): string {
  return header && SHAPE.test(header) ? header : newCorrelationId();
}
