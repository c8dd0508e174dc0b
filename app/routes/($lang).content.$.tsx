import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { CmsSlots } from "../components/CmsSlots";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { pageApi } from "../lib/route-guards.server";
import { useShop } from "../lib/shop";
import { PageLabelSchema } from "../models/cms.server";
import { getPageWithProducts } from "../models/page.server";

/** Editorial pages: /content/{…}/{label}, e.g. /content/support/email-us-page. */
export async function loader(args: LoaderFunctionArgs) {
  const api = pageApi(args);
  const label = PageLabelSchema.safeParse(args.params["*"]?.split("/").pop());
  if (!label.success) notFoundPage();
  return orFailedPage(getPageWithProducts(api, label.data, { inApp: args.context.webapp }));
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.page.title }, { name: "description", content: data.page.description }] : [];

export default function ContentPage() {
  const { page, products } = useLoaderData<typeof loader>();
  const { lang } = useShop();
  return (
    <article className="content-page">
      <CmsSlots page={page} products={products} lang={lang} />
    </article>
  );
}
