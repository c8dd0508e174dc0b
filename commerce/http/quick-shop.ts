import type { Router } from "express";
import type { BrandFacts } from "../contract/brands";
import { type CartModificationList, CartModificationListSchema } from "../contract/cart";
import type { BrandId } from "../contract/common";
import { AddBundleRequestSchema, type QuickShopProduct, QuickShopProductSchema, QuickShopQuerySchema } from "../contract/quick-shop";
import type { AssistedService } from "../domain/agents";
import { cartNotFound } from "../domain/carts";
import type { QuickShopService } from "../domain/quick-shop";
import { CART_ERRORS, noStore, ownerFor } from "./carts";
import { invalid } from "./errors";
import { apiRouter } from "./operations";
import { siteOf } from "./site";

/**
 * users/{user}/quickShop/productDetail (a tile's dialog: variants, prices for the cart owner,
 * stock) and users/{user}/addBundleProduct (a bundle's components, all or none).
 */
export function quickShopRouter(quickShop: QuickShopService, agents: AssistedService, brands: Readonly<Record<BrandId, BrandFacts>>): Router {
  const api = apiRouter();

  api.get(
    "/users/:user/quickShop/productDetail",
    {
      summary: "A product tile's quick shop: variants with prices for the cart owner's groups and stock, the default chosen",
      auth: "optional",
      query: QuickShopQuerySchema,
      answers: { 200: QuickShopProductSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const { productCode } = input.query();
      const answer = await quickShop.productDetail(siteOf(res), owner, productCode);
      await agents.record(siteOf(res).site, actor, "viewed a product for the customer", answer.code, [{ code: answer.code }]);
      // Prices depend on who asks; stock changes: no shared cache may keep it.
      noStore(res).json(answer satisfies QuickShopProduct);
    },
  );

  api.post(
    "/users/:user/addBundleProduct",
    {
      summary: "Add every component of a bundle or starter kit, qty times, in one add: all of them, complete, or none",
      auth: "optional",
      body: AddBundleRequestSchema,
      answers: { 200: CartModificationListSchema },
      errors: CART_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const request = input.body();
      const site = siteOf(res);
      if (request.lang && !brands[site.site].languages.includes(request.lang))
        throw invalid("lang", `Language '${request.lang}' is not offered by ${site.site}.`);
      const ctx = request.lang ? { ...site, lang: request.lang } : site;
      const { cart, outcomes } = await quickShop.addBundle(ctx, owner, request);
      await agents.record(ctx.site, actor, "added a bundle to cart", `${request.qty} × ${request.productCode}`, [
        { code: request.productCode, qty: request.qty },
      ]);
      const cartModifications = outcomes.map((o) => {
        const entry = cart.entries.find((e) => e.entryNumber === o.entryNumber);
        // Priced a moment ago for the add; only a catalog change in between removes it.
        if (!entry) throw cartNotFound();
        return { statusCode: o.statusCode, quantityAdded: o.quantityAdded, quantity: o.quantity, entry };
      });
      noStore(res).json({ cartGuid: cart.guid, cartQuantity: cart.totalUnitCount, cartModifications } satisfies CartModificationList);
    },
  );

  return api.router;
}
