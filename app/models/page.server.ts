import type { CmsPage } from "../../commerce/contract/cms";
import type { ApiClientContext } from "../lib/api-client.server";
import { sanitizeHtmlInApp } from "../lib/sanitize.server";
import { getContentPage } from "./cms.server";
import type { ProductCardData } from "../lib/page-views";
import { getProductsByCodes, toCard } from "./product.server";

/**
 * A CMS page plus the products its carousels name, fetched in one call. In the web-app wrapper
 * (`inApp`) its paragraphs keep only links on the store's origin (decision 084); the page is
 * cached as every shopper sees it, so this pass comes after the cache.
 */
export async function getPageWithProducts(
  ctx: ApiClientContext,
  label: string,
  options: { inApp?: boolean } = {},
): Promise<{ page: CmsPage; products: Record<string, ProductCardData> }> {
  const cached = await getContentPage(ctx, label);
  const page = options.inApp ? inAppPage(cached) : cached;
  const codes = page.slots.flatMap((s) => s.components.flatMap((c) => (c.typeCode === "ProductCarouselComponent" ? c.productCodes : [])));
  const list = await getProductsByCodes(ctx, codes);
  return { page, products: Object.fromEntries(list.map((p) => [p.code, toCard(p)])) };
}

function inAppPage(page: CmsPage): CmsPage {
  return {
    ...page,
    slots: page.slots.map((slot) => ({
      ...slot,
      components: slot.components.map((c) => (c.typeCode === "CMSParagraphComponent" ? { ...c, content: sanitizeHtmlInApp(c.content) } : c)),
    })),
  };
}
