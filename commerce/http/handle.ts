import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { z } from "zod";

/** Express 4 does not catch rejected promises; this passes them to the error handler. */
export function handle(fn: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

/** Parses with zod; a failure becomes a 400 ValidationError through the error handler. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  return schema.parse(input);
}

/**
 * For answers that change only with the catalog (listings, products, recommendations, best
 * sellers, carousels, media): a caller may use one again for a second without asking (the
 * service's own processes learn of each other's changes a quarter of a second late), then asks
 * with If-None-Match, which Express answers 304 from its own ETag while the answer is unchanged.
 * `private`: an answer may hold one shopper's prices (a member's, asked for with their token).
 */
export const CATALOG_CACHE_CONTROL = "private, max-age=1";
