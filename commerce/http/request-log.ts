import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { correlationIdFrom } from "../contract/correlation";
import { urlForLog } from "../contract/log-redaction";

/**
 * Takes (or makes) the request's correlation id, echoes it, and logs one line when the answer is sent,
 * unless `skip` says not to (a process's warm-up, whose thousands of requests are its own).
 * Bodies are never logged; card fields in a query string are masked.
 */
export function requestLog(logger: Logger, options: { skip?: () => boolean } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const correlationId = correlationIdFrom(req.get("correlationID"));
    res.locals.correlationId = correlationId;
    res.setHeader("correlationID", correlationId);
    if (options.skip?.()) return next();
    const started = performance.now();
    res.on("finish", () => {
      logger.info(
        { correlationId, method: req.method, url: urlForLog(req.originalUrl), status: res.statusCode, ms: Math.round(performance.now() - started) },
        "request",
      );
    });
    next();
  };
}
