import { Router } from "express";
import type { Logger } from "pino";
import { CmsComponentsQuerySchema, CmsPageQuerySchema, NewsletterSignupSchema, type NewsletterSignupResult } from "../contract/cms";
import { findCmsComponents, findCmsPage, findSiteConfig, insertNewsletterSubscription } from "../db/content";
import type { Db } from "../db/index";
import { assemblePage, assembleSiteConfig, slotComponentUids, toComponents } from "../domain/content";
import { newsletterWelcome } from "../domain/newsletter";
import type { Mailer } from "../mail";
import { ApiProblem } from "./errors";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

export function contentRouter(db: Db, mailer: Mailer, logger: Logger): Router {
  const router = Router({ mergeParams: true });
  const reportInvalid = (uid: string, reason: string) => logger.warn({ uid, reason }, "CMS component does not match the contract; left out");

  router.get(
    "/cms/pages",
    handle(async (req, res) => {
      const site = siteOf(res);
      const query = parse(CmsPageQuerySchema, req.query);
      const page = await findCmsPage(db, site.site, site.lang, query.pageLabelOrId);
      if (!page) {
        throw new ApiProblem(404, { type: "CMSItemNotFoundError", message: `No page '${query.pageLabelOrId}' for ${site.site}/${site.lang}.`, subject: query.pageLabelOrId, subjectType: "page" });
      }
      const components = toComponents(await findCmsComponents(db, site.site, site.lang, slotComponentUids(page.slots)), reportInvalid);
      res.json(assemblePage(page, components));
    }),
  );

  router.get(
    "/cms/components",
    handle(async (req, res) => {
      const site = siteOf(res);
      const query = parse(CmsComponentsQuerySchema, req.query);
      const ids = query.componentIds.slice(0, query.pageSize);
      const found = toComponents(await findCmsComponents(db, site.site, site.lang, ids), reportInvalid);
      res.json({ components: ids.map((id) => found.get(id)).filter((c) => !!c) });
    }),
  );

  router.get(
    "/cms/siteConfig",
    handle(async (_req, res) => {
      const site = siteOf(res);
      const [entries, notes] = await Promise.all([
        findSiteConfig(db, site.site),
        findCmsComponents(db, site.site, site.lang, ["GlobalNotificationSection"]),
      ]);
      res.json(assembleSiteConfig(entries, toComponents(notes, reportInvalid).get("GlobalNotificationSection")));
    }),
  );

  router.post(
    "/kpcEmailSignup",
    handle(async (req, res) => {
      const site = siteOf(res);
      const { email } = parse(NewsletterSignupSchema, req.body);
      const added = await insertNewsletterSubscription(db, site.site, email, site.lang);
      if (added) {
        // The address is stored first; a mail failure is logged but does not undo the sign-up.
        await mailer.send(newsletterWelcome(email, site.site, site.lang)).catch((err) => logger.error({ err, correlationId: site.correlationId }, "newsletter welcome mail failed"));
      }
      const result: NewsletterSignupResult = { status: added ? "subscribed" : "alreadySubscribed", email };
      res.status(added ? 201 : 200).json(result);
    }),
  );

  return router;
}
