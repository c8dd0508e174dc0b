import type { Router } from "express";
import type { z } from "zod";
import { AddressInputSchema, AddressListQuerySchema, AddressListSchema, AddressPatchSchema, AddressSchema } from "../contract/address";
import {
  type Accepted,
  AcceptedSchema,
  AuditLogSchema,
  ConfirmSignUpRequestSchema,
  ConfirmSignUpResponseSchema,
  CustomerProfileSchema,
  ForgottenPasswordRequestSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  ResetPasswordRequestSchema,
  SignUpRequestSchema,
  StatusSchema,
} from "../contract/auth";
import { profileOf } from "../domain/account-rules";
import type { AccountService } from "../domain/accounts";
import type { AddressBook } from "../domain/addresses";
import type { AssistedService } from "../domain/agents";
import { actorFor, callerOf, clientAddress, NO_AGENT_SESSION, noSuchUser } from "./auth";
import { apiRouter, CORRELATION_HEADER, NO_SUCH_USER, type Operation, TOO_MANY_REQUESTS, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/** One answer for sign-ups and reset requests, whatever the address: it tells nothing about accounts. */
export const SIGN_UP_ACCEPTED: Accepted = {
  status: "accepted",
  message: "Thanks. Check your inbox: we have sent you an email with the next step.",
};
export const RESET_ACCEPTED: Accepted = {
  status: "accepted",
  message: "If an account uses this address, we have sent it a link to choose a new password.",
};

const ADDRESS_ID = /^[0-9a-f-]{36}$/;

/** An operation on users/{user}/…: the customer's own, or an agent's for a customer of the brand, inside an assisted session (audited). */
function user<Q extends z.ZodObject, B extends z.ZodType>(summary: string, operation: Pick<Operation<Q, B>, "query" | "body" | "answers">): Operation<Q, B> {
  return {
    summary,
    auth: "required",
    headers: CORRELATION_HEADER,
    ...operation,
    errors: { 400: "Invalid input (ValidationError)", 401: UNAUTHORIZED, 403: NO_AGENT_SESSION, 404: NO_SUCH_USER },
  };
}

/**
 * Customers' accounts under /rest/v2/{brand}/: sign-up, confirmation, password reset, and
 * users/{user}/… (profile, password, addresses, audit log). `users/current` is the signed-in
 * customer; `users/{customerId}` is for customer-service agents of the brand inside an assisted
 * session (and for the customer). What an agent reads here is audited before it is answered.
 */
export function usersRouter(accounts: AccountService, addresses: AddressBook, agents: AssistedService): Router {
  const api = apiRouter();

  api.post(
    "/users",
    {
      summary: "Sign up: a new address gets a pending account and a confirmation link; a known one a note to its owner. Always 202 with the same body",
      body: SignUpRequestSchema,
      answers: { 202: AcceptedSchema },
      errors: { 400: "Invalid input (ValidationError)", 429: TOO_MANY_REQUESTS },
    },
    async (req, res, input) => {
      const request = input.body();
      const site = siteOf(res);
      await accounts.signUp(site.site, site.lang, request, clientAddress(req));
      res.status(202).json(SIGN_UP_ACCEPTED);
    },
  );

  api.post(
    "/users/confirmations",
    {
      summary: "Confirm a sign-up with the token from its link: activates the account and signs the shopper in",
      body: ConfirmSignUpRequestSchema,
      answers: { 200: { description: "Active and signed in", schema: ConfirmSignUpResponseSchema } },
      errors: { 400: "A malformed, unknown, used or expired token (ValidationError on token)" },
    },
    async (_req, res, input) => {
      const { token } = input.body();
      res.set("Cache-Control", "no-store");
      res.json(await accounts.confirmSignUp(token));
    },
  );

  api.post(
    "/forgottenpasswordtokens",
    {
      summary: "Mail a password-reset link (one hour, single use) if the address has an account. Always 202 with the same body",
      body: ForgottenPasswordRequestSchema,
      answers: { 202: AcceptedSchema },
      errors: { 400: "Invalid input (ValidationError)", 429: TOO_MANY_REQUESTS },
    },
    async (req, res, input) => {
      const { email } = input.body();
      const site = siteOf(res);
      await accounts.forgottenPassword(site.site, site.lang, email, clientAddress(req));
      res.status(202).json(RESET_ACCEPTED);
    },
  );

  api.post(
    "/resetpassword",
    {
      summary: "Set a new password with the token from a reset link; every session of the account ends",
      body: ResetPasswordRequestSchema,
      answers: { 200: { description: "Changed", schema: StatusSchema } },
      errors: { 400: "Invalid input, or a malformed, unknown, used or expired token (ValidationError)" },
    },
    async (_req, res, input) => {
      const { token, newPassword } = input.body();
      await accounts.resetPassword(token, newPassword);
      res.json({ status: "reset", message: "Your password has been changed. Sign in with the new one." });
    },
  );

  api.get(
    "/users/:user",
    user("The customer's profile and the cookies the storefront writes from it", {
      answers: { 200: { description: "Profile", schema: CustomerProfileSchema } },
    }),
    async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const customer = await accounts.customer(actor.customerId);
      if (!customer) throw noSuchUser();
      await agents.record(siteOf(res).site, actor, "viewed profile");
      res.set("Cache-Control", "private, no-store");
      res.json(profileOf(customer));
    },
  );

  api.patch(
    "/users/:user",
    user("Change name or phone; a new email needs currentPassword", {
      body: ProfileUpdateSchema,
      answers: { 200: { description: "Profile", schema: CustomerProfileSchema } },
    }),
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const update = input.body();
      res.json(await accounts.updateProfile(actor, update, agents.auditWriter(siteOf(res).site, actor)));
    },
  );

  api.put(
    "/users/:user/password",
    user("Change the password; every other session of the customer ends", {
      body: PasswordChangeSchema,
      answers: { 200: { description: "Changed", schema: StatusSchema } },
    }),
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const change = input.body();
      // The caller's own session stays; an agent's session is not the customer's, so all of the customer's end.
      const keep = actor.agent ? undefined : callerOf(res)?.fam;
      await accounts.changePassword(actor, keep, change, agents.auditWriter(siteOf(res).site, actor));
      res.json({ status: "changed", message: "Your password has been changed. Other devices have been signed out." });
    },
  );

  api.get(
    "/users/:user/addresses",
    user("Saved addresses, default first (page 0, 4 a page by default)", {
      query: AddressListQuerySchema,
      answers: { 200: { description: "Addresses", schema: AddressListSchema } },
    }),
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const query = input.query();
      await agents.record(siteOf(res).site, actor, "viewed addresses");
      res.set("Cache-Control", "private, no-store");
      res.json(await addresses.list(actor.customerId, query));
    },
  );

  api.post(
    "/users/:user/addresses",
    user("Save an address (US state and ZIP, or Canadian province and postal code, must agree)", {
      body: AddressInputSchema,
      answers: { 201: { description: "Saved", schema: AddressSchema } },
    }),
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const address = input.body();
      res.status(201).json(await addresses.add(actor.customerId, address, agents.auditWriter(siteOf(res).site, actor)));
    },
  );

  api.patch(
    "/users/:user/addresses/:addressId",
    user("Change an address, or make it the default (isDefault: true)", {
      body: AddressPatchSchema,
      answers: { 200: { description: "Changed", schema: AddressSchema } },
    }),
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const patch = input.body();
      const id = addressId(String(req.params.addressId));
      res.json(await addresses.change(actor.customerId, id, patch, agents.auditWriter(siteOf(res).site, actor)));
    },
  );

  api.delete(
    "/users/:user/addresses/:addressId",
    user("Delete an address (the newest remaining one becomes the default)", { answers: { 204: { description: "Deleted" } } }),
    async (req, res) => {
      const actor = await actorFor(req, res, agents);
      await addresses.remove(actor.customerId, addressId(String(req.params.addressId)), agents.auditWriter(siteOf(res).site, actor));
      res.status(204).end();
    },
  );

  api.get(
    "/users/:user/auditlog",
    user("What agents did for the customer, newest first (agents of the brand only; 404 to anyone else)", {
      answers: { 200: { description: "Entries", schema: AuditLogSchema } },
    }),
    async (req, res) => {
      const actor = await actorFor(req, res, agents);
      // Only agents read the log; to a customer it does not exist.
      if (!actor.agent) throw noSuchUser();
      const site = siteOf(res);
      const log = await agents.auditLog(site.site, site.lang, actor.customerId);
      await agents.record(site.site, actor, "viewed audit log");
      res.set("Cache-Control", "private, no-store");
      res.json(log);
    },
  );

  return api.router;
}

/** A malformed id names no address: the same 404 as an unknown one. */
function addressId(raw: string): string {
  return ADDRESS_ID.test(raw) ? raw : "unknown";
}
