import { z } from "zod";
import { LRUCache } from "lru-cache";
import {
  type CmsComponent,
  CmsComponentListSchema,
  type CmsComponentOf,
  type CmsPage,
  CmsPageSchema,
  type SiteConfig,
  SiteConfigSchema,
} from "../../commerce/contract/cms";
import { callApi, type ApiClientContext } from "../lib/api-client.server";
import { sanitizeHtml } from "../lib/sanitize.server";
import { storefrontConfig } from "../config.server";

/** The CMS components every page shows: header navigation, banners, footer, quiz teaser. */
export const LAYOUT_COMPONENT_IDS = ["NavigationBar", "GlobalBannerSection", "GlobalNotificationSection", "Footer", "podQuizSection"] as const;

export interface LayoutContent {
  navigation?: CmsComponentOf<"NavigationBar">;
  banner?: CmsComponentOf<"GlobalBannerSection">;
  notification?: CmsComponentOf<"GlobalNotificationSection">;
  footer?: CmsComponentOf<"Footer">;
  siteConfig: Record<string, string>;
}

const { cmsCacheTtlMs } = storefrontConfig();
// Each fetch hands the cache its load (lru-cache's fetch context): callers asking while it runs share it, and one that fails is not kept.
const layoutCache = new LRUCache<string, LayoutContent, () => Promise<LayoutContent>>({
  max: 100,
  ttl: cmsCacheTtlMs,
  fetchMethod: (_key, _stale, { context: load }) => load(),
});

function pick<T extends CmsComponent["typeCode"]>(components: CmsComponent[], type: T): CmsComponentOf<T> | undefined {
  return components.find((c): c is CmsComponentOf<T> => c.typeCode === type);
}

export function siteConfigMap(config: SiteConfig): Record<string, string> {
  return Object.fromEntries(config.siteConfigurations.map((e) => [e.key, e.value]));
}

/** Header, footer and site configuration: cached briefly, except in CMS preview (cmsTicketId). */
export function getLayoutContent(ctx: ApiClientContext): Promise<LayoutContent> {
  const load = async (): Promise<LayoutContent> => {
    const [list, config] = await Promise.all([
      callApi(ctx, {
        path: "cms/components",
        query: { componentIds: LAYOUT_COMPONENT_IDS.join(","), cmsTicketId: ctx.cmsTicketId },
        schema: CmsComponentListSchema,
      }),
      callApi(ctx, { path: "cms/siteConfig", query: { pageLabelOrId: "NAVIGATIONHEADER" }, schema: SiteConfigSchema }),
    ]);
    return {
      navigation: pick(list.components, "NavigationBar"),
      banner: pick(list.components, "GlobalBannerSection"),
      notification: pick(list.components, "GlobalNotificationSection"),
      footer: pick(list.components, "Footer"),
      siteConfig: siteConfigMap(config),
    };
  };
  if (ctx.cmsTicketId || !cmsCacheTtlMs) return load();
  return layoutCache.forceFetch(`${ctx.apiBaseUrl}|${ctx.brand.id}|${ctx.lang}`, { context: load });
}

const pageCache = new LRUCache<string, CmsPage, () => Promise<CmsPage>>({
  max: 500,
  ttl: cmsCacheTtlMs,
  fetchMethod: (_key, _stale, { context: load }) => load(),
});

/**
 * A CMS page with every paragraph's HTML sanitised, ready to render. Cached as briefly as the
 * layout (editors' changes show within CMS_CACHE_TTL_MS), except in CMS preview (cmsTicketId).
 */
export function getContentPage(ctx: ApiClientContext, label: string): Promise<CmsPage> {
  const load = async (): Promise<CmsPage> => {
    const page = await callApi(ctx, {
      path: "cms/pages",
      query: { pageLabelOrId: label, pageType: "ContentPage", fields: "DEFAULT", cmsTicketId: ctx.cmsTicketId },
      schema: CmsPageSchema,
    });
    return {
      ...page,
      slots: page.slots.map((slot) => ({
        ...slot,
        components: slot.components.map((c) => (c.typeCode === "CMSParagraphComponent" ? { ...c, content: sanitizeHtml(c.content) } : c)),
      })),
    };
  };
  if (ctx.cmsTicketId || !cmsCacheTtlMs) return load();
  return pageCache.forceFetch(`${ctx.apiBaseUrl}|${ctx.brand.id}|${ctx.lang}|${label}`, { context: load });
}

export const PageLabelSchema = z.string().regex(/^[a-z0-9-]{1,80}$/);

/**
 * The member-pricing line the site configuration holds for this language (beverages only: member
 * prices apply to them). A missing configuration leaves the line out rather than failing the page.
 */
export async function memberPricingMessageFor(ctx: ApiClientContext): Promise<string | undefined> {
  try {
    return (await getLayoutContent(ctx)).siteConfig[`memberPricing.message.${ctx.lang}`] || undefined;
  } catch {
    return undefined;
  }
}
