import type { Logger } from "pino";
import type { RateLimits } from "../../lib/rate-limit";
import type { BrandFacts } from "../contract/brands";
import type { CmsComponent, CmsPage, SiteConfig } from "../contract/cms";
import type { BrandId } from "../contract/common";
import { findCmsComponents, findCmsPage, findSiteConfig } from "../db/content";
import type { Db } from "../db/index";
import { assemblePage, assembleSiteConfig, slotComponentUids, toComponents } from "./content";
import { ShopError } from "./errors";
import { type ConfirmOutcome, countConfirmationRequest } from "./email-confirmation";
import type { MailOutbox } from "./mail-outbox";
import { confirmNewsletter, signUpForConfirmation } from "./newsletter";
import type { ShopContext } from "./shop-context";

export interface ContentServiceDeps {
  db: Db;
  brands: Readonly<Record<BrandId, BrandFacts>>;
  outbox: MailOutbox;
  logger: Logger;
  limits: RateLimits;
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
   * Double opt-in sign-up: the address is mailed a confirmation link (at most one per window) and
   * nothing else until it is confirmed. The caller learns nothing about the address either way.
   */
  async signUpForNewsletter(ctx: ShopContext, email: string, clientAddress?: string): Promise<void> {
    const { db, brands, outbox, limits } = this.deps;
    await countConfirmationRequest(limits, clientAddress);
    await signUpForConfirmation(db, outbox, { site: ctx.site, lang: ctx.lang, email, store: brands[ctx.site] });
  }

  /** Follows a confirmation link's token: the subscription becomes active and is welcomed. */
  confirmNewsletter(token: string): Promise<ConfirmOutcome> {
    return confirmNewsletter(this.deps.db, this.deps.outbox, this.deps.brands, token);
  }
}
