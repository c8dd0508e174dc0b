import { Router } from "express";
import { CmsComponentsQuerySchema, CmsPageQuerySchema, EmailConfirmationSchema, NewsletterSignupSchema, type NewsletterSignupResult } from "../contract/cms";
import type { ContentService } from "../domain/content-service";
import { confirmationAnswer } from "./alerts";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

export function contentRouter(content: ContentService): Router {
  const router = Router({ mergeParams: true });

  router.get(
    "/cms/pages",
    handle(async (req, res) => {
      const query = parse(CmsPageQuerySchema, req.query);
      res.json(await content.page(siteOf(res), query.pageLabelOrId));
    }),
  );

  router.get(
    "/cms/components",
    handle(async (req, res) => {
      const query = parse(CmsComponentsQuerySchema, req.query);
      res.json({ components: await content.components(siteOf(res), query.componentIds.slice(0, query.pageSize)) });
    }),
  );

  router.get(
    "/cms/siteConfig",
    handle(async (_req, res) => {
      res.json(await content.siteConfig(siteOf(res)));
    }),
  );

  // The same answer for a new, pending or confirmed address: the list is not for probing.
  router.post(
    "/kpcEmailSignup",
    handle(async (req, res) => {
      const site = siteOf(res);
      const { email } = parse(NewsletterSignupSchema, req.body);
      await content.signUpForNewsletter(site, email);
      const result: NewsletterSignupResult = { status: "pending", email };
      res.status(202).json(result);
    }),
  );

  router.post(
    "/newsletter/confirm",
    handle(async (req, res) => {
      const { token } = parse(EmailConfirmationSchema, req.body);
      confirmationAnswer(res, await content.confirmNewsletter(token));
    }),
  );

  return router;
}
