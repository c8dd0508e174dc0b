import type { Router } from "express";
import { clientAddress } from "./auth";
import {
  CmsComponentListSchema,
  CmsComponentsQuerySchema,
  CmsPageQuerySchema,
  CmsPageSchema,
  EmailConfirmationResultSchema,
  EmailConfirmationSchema,
  NewsletterSignupResultSchema,
  NewsletterSignupSchema,
  type NewsletterSignupResult,
  SiteConfigSchema,
} from "../contract/cms";
import type { ContentService } from "../domain/content-service";
import { CONFIRMATION_ERRORS, confirmationAnswer } from "./alerts";
import { apiRouter } from "./operations";
import { siteOf } from "./site";

export function contentRouter(content: ContentService): Router {
  const api = apiRouter();

  api.get(
    "/cms/pages",
    {
      summary: "A CMS page with its slots and components",
      query: CmsPageQuerySchema,
      answers: { 200: { description: "Page", schema: CmsPageSchema } },
      errors: { 400: "Invalid input (ValidationError)", 404: "No such page (UnknownIdentifierError)" },
    },
    async (_req, res, input) => {
      const query = input.query();
      res.json(await content.page(siteOf(res), query.pageLabelOrId));
    },
  );

  api.get(
    "/cms/components",
    {
      summary: "CMS components by id",
      query: CmsComponentsQuerySchema,
      answers: { 200: { description: "Components", schema: CmsComponentListSchema } },
      errors: { 400: "Invalid input (ValidationError)" },
    },
    async (_req, res, input) => {
      const query = input.query();
      res.json({ components: await content.components(siteOf(res), query.componentIds.slice(0, query.pageSize)) });
    },
  );

  api.get(
    "/cms/siteConfig",
    { summary: "Site configuration entries", answers: { 200: { description: "Config", schema: SiteConfigSchema } } },
    async (_req, res) => {
      res.json(await content.siteConfig(siteOf(res)));
    },
  );

  // The same answer for a new, pending or confirmed address: the list is not for probing.
  api.post(
    "/kpcEmailSignup",
    {
      summary: "Newsletter sign-up",
      body: NewsletterSignupSchema,
      answers: { 202: { description: "Confirmation mailed; the same answer for new, pending and confirmed addresses", schema: NewsletterSignupResultSchema } },
      errors: { 400: "Invalid input (ValidationError)", 429: "Too many sign-ups and alerts from this address in ten minutes (Retry-After)" },
    },
    async (req, res, input) => {
      const site = siteOf(res);
      const { email } = input.body();
      await content.signUpForNewsletter(site, email, clientAddress(req));
      const result: NewsletterSignupResult = { status: "pending", email };
      res.status(202).json(result);
    },
  );

  api.post(
    "/newsletter/confirm",
    {
      summary: "Confirm a newsletter sign-up with the token from its confirmation mail; the welcome mail follows",
      body: EmailConfirmationSchema,
      answers: { 200: { description: "Confirmed", schema: EmailConfirmationResultSchema } },
      errors: CONFIRMATION_ERRORS,
    },
    async (_req, res, input) => {
      const { token } = input.body();
      confirmationAnswer(res, await content.confirmNewsletter(token));
    },
  );

  return api.router;
}
