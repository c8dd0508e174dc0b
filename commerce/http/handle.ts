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
