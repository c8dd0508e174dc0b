import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { CmsSlots } from "../components/CmsSlots";
import { orFailedPage } from "../lib/page-errors.server";
import { pageApi } from "../lib/route-guards.server";
import { useShop } from "../lib/shop";
import { getPageWithProducts } from "../models/page.server";

export async function loader(args: LoaderFunctionArgs) {
  return orFailedPage(getPageWithProducts(pageApi(args), "homepage", { inApp: args.context.webapp }));
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.page.title }, { name: "description", content: data.page.description }] : [];

export default function Home() {
  const { page, products } = useLoaderData<typeof loader>();
  const { lang } = useShop();
  return <CmsSlots page={page} products={products} lang={lang} />;
}
