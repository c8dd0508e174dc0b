import { createHash, timingSafeEqual } from "node:crypto";
import { type Request, type RequestHandler, Router } from "express";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import { ApiProblem } from "./errors";

/** Wrong operator keys allowed per client address before it must wait. */
export const OPERATOR_KEY_FAILURES: RateLimitRule = { name: "operator-key-failures", points: 10, windowSeconds: 15 * 60 };

/** The operators' endpoints (express paths under /rest/v2/:brand). */
export const OPERATOR_ROUTES = [
  { method: "put", path: "/rest/v2/:brand/stock/:code" },
  { method: "get", path: "/rest/v2/:brand/operator/affiliate-orders" },
  // Price changes (decision 077), guarded as stock is.
  { method: "put", path: "/rest/v2/:brand/prices/:code" },
  // The movable store clock (decision 055); they exist only with STORE_CLOCK_MOVABLE.
  { method: "get", path: "/rest/v2/:brand/operator/clock" },
  { method: "put", path: "/rest/v2/:brand/operator/clock" },
  { method: "delete", path: "/rest/v2/:brand/operator/clock" },
  { method: "post", path: "/rest/v2/:brand/operator/auto-delivery/sweep" },
] as const;

/**
 * Compares a presented secret with the configured one in constant time. Both sides are hashed
 * first, so neither the content nor the length of the key shows in the answer's timing.
 */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(presented ?? ""), digest(expected));
}

/**
 * The operator endpoint's own check of X-Admin-Key (the guard in front throttles wrong keys, and
 * answers 404 off the operators' side): without a configured key the endpoint does not exist.
 */
export function requireOperatorKey(req: Request, adminKey: string | undefined): void {
  if (adminKey && sameSecret(req.get("X-Admin-Key"), adminKey)) return;
  throw new ApiProblem(adminKey ? 401 : 404, {
    type: adminKey ? "UnauthorizedError" : "UnknownResourceError",
    message: adminKey ? "A valid X-Admin-Key is required." : "Not found.",
  });
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Whether a request reached the operators' side: the operator port when one is configured,
 * otherwise a loopback connection that no proxy relayed (behind a reverse proxy on the same
 * machine every shopper's request comes from loopback, but carries X-Forwarded-For).
 */
export function onOperatorSide(req: Request, operatorPort: number | undefined): boolean {
  if (operatorPort !== undefined) return req.socket.localPort === operatorPort;
  return LOOPBACK.has(req.socket.remoteAddress ?? "") && req.get("x-forwarded-for") === undefined && req.get("forwarded") === undefined;
}

export interface OperatorAccessOptions {
  /** ADMIN_API_KEY; without it the operators' endpoints do not exist. */
  adminKey: string | undefined;
  limits: RateLimits;
  /** OPERATOR_PORT: when set, the operators' endpoints answer only on that port. */
  operatorPort: number | undefined;
}

const notFound = (req: Request) =>
  new ApiProblem(404, { type: "UnknownResourceError", message: `No API resource at ${req.method} ${req.originalUrl.split("?")[0]}.` });

/**
 * Stands in front of the operators' endpoints: elsewhere than the operators' side they do not
 * exist (404); a client past its wrong-key allowance gets 429 with Retry-After, even with the
 * right key, so guessing cannot go on; a wrong key is 401 and counts against the allowance.
 */
export function operatorAccess({ adminKey, limits, operatorPort }: OperatorAccessOptions): Router {
  const router = Router();
  const guard: RequestHandler = (req, res, next) => {
    if (!adminKey) return next();
    if (!onOperatorSide(req, operatorPort)) return next(notFound(req));
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const refuse = (retryAfterSeconds: number) => {
      res.set("Retry-After", String(retryAfterSeconds));
      next(new ApiProblem(429, { type: "TooManyRequestsError", message: "Too many wrong operator keys; try again later." }));
    };
    void (async () => {
      const standing = await limits.hit(OPERATOR_KEY_FAILURES, client, 0);
      if (!standing.allowed) return refuse(standing.retryAfterSeconds);
      if (sameSecret(req.get("X-Admin-Key"), adminKey)) return next();
      const failure = await limits.hit(OPERATOR_KEY_FAILURES, client);
      if (!failure.allowed) return refuse(failure.retryAfterSeconds);
      next(new ApiProblem(401, { type: "UnauthorizedError", message: "A valid X-Admin-Key is required." }));
    })().catch(next);
  };
  for (const route of OPERATOR_ROUTES) router[route.method](route.path, guard);
  return router;
}
