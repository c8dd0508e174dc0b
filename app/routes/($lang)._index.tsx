import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { CmsSlots } from "../components/CmsSlots";
import { type AnalyticsHandle, cardFacts } from "../lib/data-layer";
import { orFailedPage } from "../lib/page-errors.server";
import { pageApi } from "../lib/route-guards.server";
import { useShop } from "../lib/shop";
import { getPageWithProducts } from "../models/page.server";

export async function loader(args: LoaderFunctionArgs) {
  return orFailedPage(getPageWithProducts(pageApi(args), "homepage", { inApp: args.context.webapp }));
}

export const handle: AnalyticsHandle = {
  analytics: (data: Awaited<ReturnType<typeof loader>>) => ({ pageType: "home", products: Object.values(data.products).map(cardFacts) }),
};

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.page.title }, { name: "description", content: data.page.description }] : [];

export default function Home() {
  const { page, products } = useLoaderData<typeof loader>();
  const { lang } = useShop();
  return <CmsSlots page={page} products={products} lang={lang} />;
}
