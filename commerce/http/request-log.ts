import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { correlationIdFrom } from "../contract/correlation";
import { urlForLog } from "../contract/log-redaction";

/**
 * Takes (or makes) the request's correlation id, echoes it, and logs one line when the answer is sent.
 * Bodies are never logged; card fields in a query string are masked.
 */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const correlationId = correlationIdFrom(req.get("correlationID"));
    res.locals.correlationId = correlationId;
    res.setHeader("correlationID", correlationId);
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
