import type { Router } from "express";
import {
  CustomerDetailsQuerySchema,
  CustomerDetailsSchema,
  DismissNoticeRequestSchema,
  SiteNoticesRequestSchema,
  SiteNoticesSchema,
} from "../contract/site-notices";
import type { AssistedService } from "../domain/agents";
import type { SiteNoticeService } from "../domain/site-notices";
import { actorFor, NO_AGENT_SESSION, noSuchUser } from "./auth";
import { noStore } from "./carts";
import { apiRouter, BUSY, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

const NOTICE_ERRORS = { 400: "Invalid input (ValidationError, the field named)", 401: UNAUTHORIZED, 403: NO_AGENT_SESSION, 404: NO_SUCH_USER, 503: BUSY };

/**
 * Site notifications and the customer's details (decision 075) under /rest/v2/{brand}/users/{user}/:
 * the signed-in customer's own (or, for an agent inside an assisted session, the customer's, audited).
 * getCustomerDetails also answers `users/anonymous` with the guest cart's units.
 */
export function siteNoticesRouter(notices: SiteNoticeService, agents: AssistedService): Router {
  const api = apiRouter();

  api.get(
    "/users/:user/getCustomerDetails",
    {
      summary:
        "The header's customer state in one call: isLoggedIn, firstName, cartCount, perksOptIn, the is{product}Employee flag, the customerCookies the storefront writes, and the notices (left out with isSPCFlow=true). users/anonymous answers the cart's units by cartGuid",
      auth: "optional",
      query: CustomerDetailsQuerySchema,
      answers: { 200: CustomerDetailsSchema },
      errors: NOTICE_ERRORS,
    },
    async (req, res, input) => {
      const query = input.query();
      const site = siteOf(res);
      if (String(req.params.user) === "anonymous") {
        noStore(res).json(await notices.details(site, null, query));
        return;
      }
      const actor = await actorFor(req, res, agents);
      const details = await notices.details(site, actor.customerId, query);
      if (!details) throw noSuchUser();
      await agents.record(site.site, actor, "viewed customer details");
      noStore(res).json(details);
    },
  );

  api.post(
    "/users/:user/getSiteNotifications",
    {
      summary:
        "The customer's notices: a saved card expiring within 60 days or expired, a subscription payment that failed, a reward about to end; dismissed ones left out",
      auth: "required",
      body: SiteNoticesRequestSchema,
      answers: { 200: SiteNoticesSchema },
      errors: NOTICE_ERRORS,
    },
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const site = siteOf(res);
      const list = await notices.noticesOf(site.site, actor.customerId, input.body().lang ?? site.lang);
      await agents.record(site.site, actor, "viewed site notifications", `${list.length}`);
      noStore(res).json({ notices: list });
    },
  );

  api.post(
    "/users/:user/dismissSiteNotification",
    {
      summary:
        "Dismisses one of the customer's current notices by key; it stays away until its cause changes (a new expiry, another failure). Answers the notices left",
      auth: "required",
      body: DismissNoticeRequestSchema,
      answers: { 200: SiteNoticesSchema },
      errors: { ...NOTICE_ERRORS, 404: `${NO_SUCH_USER}; no current notice of the customer's with this key (UnknownIdentifierError on notice)` },
    },
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const site = siteOf(res);
      const { key, lang } = input.body();
      const left = await notices.dismiss({ ...site, lang: lang ?? site.lang }, actor.customerId, key);
      await agents.record(site.site, actor, "dismissed a site notification", key);
      noStore(res).json({ notices: left });
    },
  );

  return api.router;
}
