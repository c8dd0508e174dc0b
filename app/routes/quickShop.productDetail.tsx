import type { LoaderFunctionArgs } from "react-router";
import { ProductCodeParamSchema } from "../../commerce/contract/product";
import { ApiError, clientContext } from "../lib/api-client.server";
import { getQuickShopProduct } from "../models/quick-shop.server";

const noStore = { "Cache-Control": "private, no-store" };

/** GET /quickShop/productDetail?productCode=: what a tile's quick-shop dialog shows, priced for this shopper. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = ProductCodeParamSchema.safeParse(new URL(request.url).searchParams.get("productCode"));
  if (!parsed.success) return Response.json({ error: "productCode must be a product code" }, { status: 400, headers: noStore });
  try {
    return Response.json(await getQuickShopProduct(clientContext(context), parsed.data), { headers: noStore });
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500)
      return Response.json({ error: err.message }, { status: err.status, headers: noStore });
    throw err;
  }
}
