import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import type { BrandFacts } from "../contract/brands";
import { BrandIdSchema, type BrandId, CurrencySchema, LangSchema } from "../contract/common";
import type { ShopContext } from "../domain/shop-context";
import { ApiProblem } from "./errors";

export interface SiteLocals extends ShopContext {
  correlationId: string;
  userGroups: string[];
}

const LocaleQuery = z.object({
  lang: LangSchema.optional(),
  curr: CurrencySchema.optional(),
});

/** Resolves `/rest/v2/{brand}` plus `lang` and `curr`, refusing what the site does not sell in. */
export const siteMiddleware = (brands: Readonly<Record<BrandId, BrandFacts>>) => (req: Request, res: Response, next: NextFunction) => {
  const brand = BrandIdSchema.safeParse(req.params.brand);
  if (!brand.success) {
    next(
      new ApiProblem(404, {
        type: "UnknownIdentifierError",
        message: `Base site '${req.params.brand}' does not exist.`,
        subject: "brand",
        subjectType: "baseSite",
      }),
    );
    return;
  }
  const site = brand.data;
  const query = LocaleQuery.safeParse({ lang: req.query.lang || undefined, curr: req.query.curr || undefined });
  if (!query.success) {
    next(new ApiProblem(400, { type: "ValidationError", message: "lang must be en or fr and curr USD or CAD.", subject: "lang" }));
    return;
  }
  const lang = query.data.lang ?? "en";
  const currency = query.data.curr ?? brands[site].currency;
  if (!brands[site].languages.includes(lang)) {
    next(new ApiProblem(400, { type: "ValidationError", message: `Language '${lang}' is not offered by ${site}.`, subject: "lang" }));
    return;
  }
  if (currency !== brands[site].currency) {
    next(new ApiProblem(400, { type: "ValidationError", message: `Currency '${currency}' is not offered by ${site}.`, subject: "curr" }));
    return;
  }
  const locals: SiteLocals = { site, lang, currency, correlationId: req.get("correlationID") ?? "", userGroups: [] };
  res.locals.site = locals;
  next();
};

export function siteOf(res: Response): SiteLocals {
  return res.locals.site as SiteLocals;
}
