import type { ApiErrorItem } from "../contract/common";

/**
 * A request the shop cannot answer as asked: something missing, a value the rules refuse, or a
 * duplicate. It carries the error as callers see it; the HTTP layer picks the status from `kind`.
 */
export class ShopError extends Error {
  constructor(
    readonly kind: "notFound" | "invalid" | "conflict" | "paymentDeclined",
    readonly item: ApiErrorItem,
  ) {
    super(item.message);
  }
}

export const notFound = (subject: string, message: string, subjectType = "product") =>
  new ShopError("notFound", { type: "UnknownIdentifierError", message, subject, subjectType });

export const invalid = (subject: string, message: string) => new ShopError("invalid", { type: "ValidationError", message, subject, reason: "invalid" });

/** Too many requests of one kind from one client address; the HTTP layer answers 429 with Retry-After. */
export class TooManyRequests extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many requests. Please try again later.");
  }
}
