import { Router } from "express";
import { CmsComponentsQuerySchema, CmsPageQuerySchema, NewsletterSignupSchema, type NewsletterSignupResult } from "../contract/cms";
import type { ContentService } from "../domain/content-service";
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

  router.post(
    "/kpcEmailSignup",
    handle(async (req, res) => {
      const site = siteOf(res);
      const { email } = parse(NewsletterSignupSchema, req.body);
      const added = await content.signUpForNewsletter(site, email, site.correlationId);
      const result: NewsletterSignupResult = { status: added ? "subscribed" : "alreadySubscribed", email };
      res.status(added ? 201 : 200).json(result);
    }),
  );

  return router;
}
