import { CategoryListSchema, type SitemapPage, SitemapPageSchema } from "../../commerce/contract/search";
import { callApi, type ApiClientContext } from "../lib/api-client.server";

export const SITEMAP_PAGE_SIZE = 10_000;

export function getSitemapEntries(ctx: ApiClientContext, page: number): Promise<SitemapPage> {
  return callApi(ctx, { path: "sitemapEntries", query: { currentPage: page, pageSize: SITEMAP_PAGE_SIZE }, schema: SitemapPageSchema });
}

export async function getCategoryLinks(ctx: ApiClientContext) {
  return (await callApi(ctx, { path: "categories", schema: CategoryListSchema })).categories;
}
