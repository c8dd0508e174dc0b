import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { CmsSlots } from "../components/CmsSlots";
import { clientContext } from "../lib/api-client.server";
import { orFailedPage } from "../lib/page-errors.server";
import { requireLangSegment } from "../lib/route-guards.server";
import { getPageWithProducts } from "../models/page.server";
import type { loader as rootLoader } from "../root";

export async function loader({ params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return orFailedPage(getPageWithProducts(clientContext(context), "homepage"));
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.page.title }, { name: "description", content: data.page.description }] : [];

export default function Home() {
  const { page, products } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <CmsSlots page={page} products={products} lang={root?.lang ?? "en"} />;
}
