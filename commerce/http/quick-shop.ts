import { Router } from "express";
import type { BrandFacts } from "../contract/brands";
import type { CartModificationList } from "../contract/cart";
import type { BrandId } from "../contract/common";
import { AddBundleRequestSchema, type QuickShopProduct, QuickShopQuerySchema } from "../contract/quick-shop";
import type { AssistedService } from "../domain/agents";
import { cartNotFound } from "../domain/carts";
import type { QuickShopService } from "../domain/quick-shop";
import { invalid } from "./errors";
import { ownerFor } from "./carts";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

/**
 * users/{user}/quickShop/productDetail (a tile's dialog: variants, prices for the cart owner,
 * stock) and users/{user}/addBundleProduct (a bundle's components, all or none).
 */
export function quickShopRouter(quickShop: QuickShopService, agents: AssistedService, brands: Readonly<Record<BrandId, BrandFacts>>): Router {
  const router = Router({ mergeParams: true });

  router.get(
    "/users/:user/quickShop/productDetail",
    handle(async (req, res) => {
      const { owner } = await ownerFor(req, res, agents);
      const { productCode } = parse(QuickShopQuerySchema, { productCode: req.query.productCode });
      const answer = await quickShop.productDetail(siteOf(res), owner, productCode);
      // Prices depend on who asks; stock changes: no shared cache may keep it.
      res.set("Cache-Control", "private, no-store").json(answer satisfies QuickShopProduct);
    }),
  );

  router.post(
    "/users/:user/addBundleProduct",
    handle(async (req, res) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const request = parse(AddBundleRequestSchema, req.body);
      const site = siteOf(res);
      if (request.lang && !brands[site.site].languages.includes(request.lang))
        throw invalid("lang", `Language '${request.lang}' is not offered by ${site.site}.`);
      const ctx = request.lang ? { ...site, lang: request.lang } : site;
      const { cart, outcomes } = await quickShop.addBundle(ctx, owner, request);
      if (actor) await agents.record(ctx.site, actor, "added a bundle to cart", `${request.qty} × ${request.productCode}`);
      const cartModifications = outcomes.map((o) => {
        const entry = cart.entries.find((e) => e.entryNumber === o.entryNumber);
        // Priced a moment ago for the add; only a catalog change in between removes it.
        if (!entry) throw cartNotFound();
        return { statusCode: o.statusCode, quantityAdded: o.quantityAdded, quantity: o.quantity, entry };
      });
      res
        .set("Cache-Control", "private, no-store")
        .json({ cartGuid: cart.guid, cartQuantity: cart.totalUnitCount, cartModifications } satisfies CartModificationList);
    }),
  );

  return router;
}
