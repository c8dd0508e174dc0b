import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { CmsSlots } from "../components/CmsSlots";
import { clientContext } from "../lib/api-client.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { requireLangSegment } from "../lib/route-guards.server";
import { PageLabelSchema } from "../models/cms.server";
import { getPageWithProducts } from "../models/page.server";
import type { loader as rootLoader } from "../root";

/** Editorial pages: /content/{…}/{label}, e.g. /content/support/email-us-page. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const label = PageLabelSchema.safeParse(params["*"]?.split("/").pop());
  if (!label.success) notFoundPage();
  return orFailedPage(getPageWithProducts(clientContext(context), label.data));
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.page.title }, { name: "description", content: data.page.description }] : [];

export default function ContentPage() {
  const { page, products } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <article className="content-page">
      <CmsSlots page={page} products={products} lang={root?.lang ?? "en"} />
    </article>
  );
}
