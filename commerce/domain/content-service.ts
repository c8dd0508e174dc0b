import type { Logger } from "pino";
import type { BrandFacts } from "../contract/brands";
import type { CmsComponent, CmsPage, SiteConfig } from "../contract/cms";
import type { BrandId } from "../contract/common";
import { findCmsComponents, findCmsPage, findSiteConfig, insertNewsletterSubscription } from "../db/content";
import type { Db } from "../db/index";
import { assemblePage, assembleSiteConfig, slotComponentUids, toComponents } from "./content";
import { ShopError } from "./errors";
import type { Mailer } from "./mail";
import { newsletterWelcome } from "./newsletter";
import type { ShopContext } from "./shop-context";

export interface ContentServiceDeps {
  db: Db;
  brands: Readonly<Record<BrandId, BrandFacts>>;
  mailer: Mailer;
  logger: Logger;
}

/** CMS pages and components, the site configuration, and newsletter sign-ups. */
export class ContentService {
  constructor(private readonly deps: ContentServiceDeps) {}

  private readonly reportInvalid = (uid: string, reason: string) =>
    this.deps.logger.warn({ uid, reason }, "CMS component does not match the contract; left out");

  async page(ctx: ShopContext, label: string): Promise<CmsPage> {
    const { db } = this.deps;
    const page = await findCmsPage(db, ctx.site, ctx.lang, label);
    if (!page) {
      throw new ShopError("notFound", {
        type: "CMSItemNotFoundError",
        message: `No page '${label}' for ${ctx.site}/${ctx.lang}.`,
        subject: label,
        subjectType: "page",
      });
    }
    const components = toComponents(await findCmsComponents(db, ctx.site, ctx.lang, slotComponentUids(page.slots)), this.reportInvalid);
    return assemblePage(page, components);
  }

  /** The components asked for that exist, in the order asked. */
  async components(ctx: ShopContext, ids: readonly string[]): Promise<CmsComponent[]> {
    const found = toComponents(await findCmsComponents(this.deps.db, ctx.site, ctx.lang, ids), this.reportInvalid);
    return ids.map((id) => found.get(id)).filter((c): c is CmsComponent => !!c);
  }

  async siteConfig(ctx: ShopContext): Promise<SiteConfig> {
    const [entries, notes] = await Promise.all([
      findSiteConfig(this.deps.db, ctx.site),
      findCmsComponents(this.deps.db, ctx.site, ctx.lang, ["GlobalNotificationSection"]),
    ]);
    return assembleSiteConfig(entries, toComponents(notes, this.reportInvalid).get("GlobalNotificationSection"));
  }

  /**
   * Subscribes the address once per site; answers false when it already was. The address is stored
   * first: a failed welcome mail is logged but does not undo the sign-up.
   */
  async signUpForNewsletter(ctx: ShopContext, email: string, correlationId: string): Promise<boolean> {
    const { db, brands, mailer, logger } = this.deps;
    const added = await insertNewsletterSubscription(db, ctx.site, email, ctx.lang);
    if (added) {
      await mailer
        .send(newsletterWelcome(email, brands[ctx.site], ctx.lang))
        .catch((err) => logger.error({ err, correlationId }, "newsletter welcome mail failed"));
    }
    return added;
  }
}
