import type { CmsPage } from "../../commerce/contract/cms";
import type { ApiClientContext } from "../lib/api-client.server";
import { getContentPage } from "./cms.server";
import type { ProductCardData } from "../lib/page-views";
import { getProductsByCodes, toCard } from "./product.server";

/** A CMS page plus the products its carousels name, fetched in one call. */
export async function getPageWithProducts(ctx: ApiClientContext, label: string): Promise<{ page: CmsPage; products: Record<string, ProductCardData> }> {
  const page = await getContentPage(ctx, label);
  const codes = page.slots.flatMap((s) => s.components.flatMap((c) => (c.typeCode === "ProductCarouselComponent" ? c.productCodes : [])));
  const list = await getProductsByCodes(ctx, codes);
  return { page, products: Object.fromEntries(list.map((p) => [p.code, toCard(p)])) };
}
