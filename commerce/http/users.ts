import { Router } from "express";
import { AddressInputSchema, AddressListQuerySchema, AddressPatchSchema } from "../contract/address";
import {
  type Accepted,
  ConfirmSignUpRequestSchema,
  ForgottenPasswordRequestSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  ResetPasswordRequestSchema,
  SignUpRequestSchema,
} from "../contract/auth";
import { profileOf } from "../domain/account-rules";
import type { AccountService } from "../domain/accounts";
import type { AddressBook } from "../domain/addresses";
import type { AssistedService } from "../domain/agents";
import { actorFor, callerOf, clientAddress, noSuchUser } from "./auth";
import { handle, parse } from "./handle";
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

/**
 * Customers' accounts under /rest/v2/{brand}/: sign-up, confirmation, password reset, and
 * users/{user}/… (profile, password, addresses, audit log). `users/current` is the signed-in
 * customer; `users/{customerId}` is for customer-service agents of the brand (and the customer).
 */
export function usersRouter(accounts: AccountService, addresses: AddressBook, agents: AssistedService): Router {
  const router = Router({ mergeParams: true });

  router.post(
    "/users",
    handle(async (req, res) => {
      const request = parse(SignUpRequestSchema, req.body);
      const site = siteOf(res);
      await accounts.signUp(site.site, site.lang, request, clientAddress(req));
      res.status(202).json(SIGN_UP_ACCEPTED);
    }),
  );

  router.post(
    "/users/confirmations",
    handle(async (req, res) => {
      const { token } = parse(ConfirmSignUpRequestSchema, req.body);
      res.set("Cache-Control", "no-store");
      res.json(await accounts.confirmSignUp(token));
    }),
  );

  router.post(
    "/forgottenpasswordtokens",
    handle(async (req, res) => {
      const { email } = parse(ForgottenPasswordRequestSchema, req.body);
      const site = siteOf(res);
      await accounts.forgottenPassword(site.site, site.lang, email, clientAddress(req));
      res.status(202).json(RESET_ACCEPTED);
    }),
  );

  router.post(
    "/resetpassword",
    handle(async (req, res) => {
      const { token, newPassword } = parse(ResetPasswordRequestSchema, req.body);
      await accounts.resetPassword(token, newPassword);
      res.json({ status: "reset", message: "Your password has been changed. Sign in with the new one." });
    }),
  );

  router.get(
    "/users/:user",
    handle(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const customer = await accounts.customer(actor.customerId);
      if (!customer) throw noSuchUser();
      await agents.record(siteOf(res).site, actor, "viewed profile");
      res.set("Cache-Control", "private, no-store");
      res.json(profileOf(customer));
    }),
  );

  router.patch(
    "/users/:user",
    handle(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const update = parse(ProfileUpdateSchema, req.body);
      res.json(await accounts.updateProfile(actor, update, agents.auditWriter(siteOf(res).site, actor)));
    }),
  );

  router.put(
    "/users/:user/password",
    handle(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const change = parse(PasswordChangeSchema, req.body);
      // The caller's own session stays; an agent's session is not the customer's, so all of the customer's end.
      const keep = actor.agent ? undefined : callerOf(res)?.fam;
      await accounts.changePassword(actor, keep, change, agents.auditWriter(siteOf(res).site, actor));
      res.json({ status: "changed", message: "Your password has been changed. Other devices have been signed out." });
    }),
  );

  router.get(
    "/users/:user/addresses",
    handle(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const query = parse(AddressListQuerySchema, req.query);
      await agents.record(siteOf(res).site, actor, "viewed addresses");
      res.set("Cache-Control", "private, no-store");
      res.json(await addresses.list(actor.customerId, query));
    }),
  );

  router.post(
    "/users/:user/addresses",
    handle(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const input = parse(AddressInputSchema, req.body);
      res.status(201).json(await addresses.add(actor.customerId, input, agents.auditWriter(siteOf(res).site, actor)));
    }),
  );

  router.patch(
    "/users/:user/addresses/:addressId",
    handle(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      const patch = parse(AddressPatchSchema, req.body);
      const id = addressId(String(req.params.addressId));
      res.json(await addresses.change(actor.customerId, id, patch, agents.auditWriter(siteOf(res).site, actor)));
    }),
  );

  router.delete(
    "/users/:user/addresses/:addressId",
    handle(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      await addresses.remove(actor.customerId, addressId(String(req.params.addressId)), agents.auditWriter(siteOf(res).site, actor));
      res.status(204).end();
    }),
  );

  router.get(
    "/users/:user/auditlog",
    handle(async (req, res) => {
      const actor = await actorFor(req, res, agents);
      // Only agents read the log; to a customer it does not exist.
      if (!actor.agent) throw noSuchUser();
      res.set("Cache-Control", "private, no-store");
      res.json(await agents.auditLog(actor.customerId));
    }),
  );

  return router;
}

/** A malformed id names no address: the same 404 as an unknown one. */
function addressId(raw: string): string {
  return ADDRESS_ID.test(raw) ? raw : "unknown";
}
