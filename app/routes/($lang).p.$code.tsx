import { type LoaderFunctionArgs, redirect } from "react-router";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { pageApi, productCodeOrNotFound } from "../lib/route-guards.server";
import { getProduct } from "../models/product.server";

/**
 * /p/{code}: a product by its code alone, as the web-app wrapper and short links name it
 * (decision 084). Answers 302 to the product's page, query kept (`webapp=1` included); an unknown
 * code is the store's 404 page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = pageApi(args);
  const code = productCodeOrNotFound(args.params.code);
  const product = await orFailedPage(getProduct(ctx, code, "BASIC"));
  throw redirect(`${localePath(args.context.lang, product.url)}${new URL(args.request.url).search}`, 302);
}
