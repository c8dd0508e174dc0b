import type { NextFunction, Request, Response } from "express";
import type { AccessTokenClaims } from "../contract/auth";
import type { Actor } from "../domain/accounts";
import type { AgentCall, AssistedService } from "../domain/agents";
import type { TokenGrants } from "../domain/token-grants";
import { ApiProblem } from "./errors";
import { siteOf } from "./site";

const invalidToken = () => new ApiProblem(401, { type: "InvalidTokenError", message: "The access token is not valid or has expired." });

/**
 * Reads `Authorization: Bearer …` on /rest/v2/{brand}/ calls. A valid token for this brand makes
 * its claims the caller's and its groups the member-price groups; anything else in the header is
 * refused with 401 (the storefront then refreshes and tries once more). No header: anonymous, as before.
 */
export const authentication = (tokens: TokenGrants) => (req: Request, res: Response, next: NextFunction) => {
  const header = req.get("authorization");
  if (header === undefined) return next();
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  if (!match) return next(invalidToken());
  const site = siteOf(res);
  tokens
    .authenticate(match[1]!, site.site)
    .then((claims) => {
      if (!claims) return next(invalidToken());
      res.locals.auth = claims;
      site.userGroups = claims.groups;
      next();
    })
    .catch(next);
};

export function callerOf(res: Response): AccessTokenClaims | undefined {
  return res.locals.auth as AccessTokenClaims | undefined;
}

const signInFirst = () => new ApiProblem(401, { type: "UnauthorizedError", message: "Sign in to use this resource." });
export const noSuchUser = () => new ApiProblem(404, { type: "UnknownIdentifierError", message: "User not found.", subject: "user", subjectType: "user" });

/** Refuses a caller who is not signed in (a guest token counts as not signed in) before anything else is read. */
export function refuseAnonymous(res: Response): void {
  const caller = callerOf(res);
  if (!caller || caller.role === "guest") throw signInFirst();
}

/** How operations on users/{customerId}/… describe the refusal below. */
export const NO_AGENT_SESSION = "An agent without an open assisted session for this customer (AgentSessionRequiredError)";

const agentSessionRequired = () =>
  new ApiProblem(403, {
    type: "AgentSessionRequiredError",
    reason: "agentSessionRequired",
    message: "Start an assisted session for this customer first (POST assistedservicewebservices/sessions). It counts until you end it or sign out.",
    subject: "user",
    subjectType: "user",
  });

/**
 * Whom `users/{user}` names for this caller: `current` is the signed-in customer; a customer id is
 * the caller's own, or, for a customer-service agent of the same brand, the customer the agent
 * acts for, inside an assisted session the agent started for them with this sign-in (403 without
 * one: nothing is read or changed). Any other id answers 404, exactly as an id that does not
 * exist, so ids cannot be probed.
 */
export async function actorFor(req: Request, res: Response, agents: AssistedService, user = String(req.params.user ?? "")): Promise<Actor> {
  const caller = callerOf(res);
  if (!caller || caller.role === "guest") throw signInFirst();
  if (caller.role === "customer") {
    if (user === "current" || user === caller.sub) return { customerId: caller.sub };
    throw noSuchUser();
  }
  if (user === "current") throw noSuchUser();
  const agent = agentCall(res, caller);
  const access = await agents.access(siteOf(res).site, user, agent);
  if (access === "notFound") throw noSuchUser();
  if (access === "noSession") throw agentSessionRequired();
  return { customerId: user, agent: { agentId: agent.agentId, correlationId: agent.correlationId } };
}

/** The agent's call: the agent, its sign-in, and the request's correlation id (the caller's, or the one the API answered with). */
export function agentCall(res: Response, agent: AccessTokenClaims): AgentCall {
  const correlationId = siteOf(res).correlationId || ((res.locals.correlationId as string | undefined) ?? "");
  return { agentId: agent.sub, familyId: agent.fam ?? "", correlationId };
}

/**
 * Agents never take card numbers, on any cart and for any customer, as the storefront says: the
 * customer enters their own card on their own device (or pays with gift cards).
 */
export function refuseCardEntryByAgent(res: Response): void {
  if (callerOf(res)?.role !== "agent") return;
  throw new ApiProblem(403, {
    type: "ForbiddenError",
    reason: "agentCardEntry",
    message: "Customer-service agents can't take card numbers. The customer adds their card on their own device, or pays with gift cards.",
  });
}

/** The signed-in customer-service agent of this brand; others are refused. */
export function agentOf(res: Response): AccessTokenClaims {
  const caller = callerOf(res);
  if (!caller) throw signInFirst();
  if (caller.role !== "agent") throw new ApiProblem(403, { type: "ForbiddenError", message: "Only customer-service agents may use this resource." });
  return caller;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The client's address as Express sees it (the trust proxy setting decides about X-Forwarded-For),
 * or undefined for a loopback caller: that is the embedded storefront speaking for every shopper at
 * once (it limits each shopper itself), and counting them together would let one shopper's failures
 * lock everyone out. A storefront that forwards the shopper's address through a trusted proxy
 * header gets per-shopper counting here too.
 */
export function clientAddress(req: Request): string | undefined {
  const address = req.ip ?? req.socket.remoteAddress;
  return address && !LOOPBACK.has(address) ? address : undefined;
}
