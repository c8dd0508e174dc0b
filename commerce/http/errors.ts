import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { ZodError } from "zod";
import type { ApiErrorBody, ApiErrorItem } from "../contract/common";
import { ShopError, TooManyRequests } from "../domain/errors";
import { ServiceUnavailable } from "../domain/service-unavailable";

const SHOP_ERROR_STATUS: Record<ShopError["kind"], number> = { notFound: 404, invalid: 400, conflict: 409, paymentDeclined: 402 };

/** A failure the API reports to its caller, in the OCC error shape. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly item: ApiErrorItem,
  ) {
    super(item.message);
  }
}

export const invalid = (subject: string, message: string) => new ApiProblem(400, { type: "ValidationError", message, subject, reason: "invalid" });

export function zodToBody(error: ZodError): ApiErrorBody {
  return {
    errors: error.issues.map((issue) => {
      const subject = issue.path.join(".") || "request";
      return { type: "ValidationError", subject, reason: issue.code, message: `${subject}: ${issue.message}` };
    }) as [ApiErrorItem, ...ApiErrorItem[]],
  };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    // Answered already (a body refused while it was still arriving): Express ends the connection.
    if (res.headersSent) return next(err);
    if (err instanceof ApiProblem) {
      res.status(err.status).json({ errors: [err.item] });
      return;
    }
    if (err instanceof ShopError) {
      res.status(SHOP_ERROR_STATUS[err.kind]).json({ errors: [err.item] });
      return;
    }
    if (err instanceof TooManyRequests || err instanceof ServiceUnavailable) {
      res.set("Retry-After", String(err.retryAfterSeconds));
      const tooMany = err instanceof TooManyRequests;
      res.status(tooMany ? 429 : 503).json({ errors: [{ type: tooMany ? "TooManyRequestsError" : "ServiceUnavailableError", message: err.message }] });
      return;
    }
    if (err instanceof ZodError) {
      res.status(400).json(zodToBody(err));
      return;
    }
    // body-parser's malformed JSON and oversized bodies carry their own 4xx status.
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status < 500) {
      res.status(status).json({
        errors: [
          {
            type: status === 413 ? "PayloadTooLargeError" : "ValidationError",
            message: status === 413 ? "The request body is larger than this API accepts." : "The request body could not be read: send valid JSON or form data.",
            subject: "body",
          },
        ],
      });
      return;
    }
    logger.error({ err, correlationId: req.get("correlationID"), path: req.path }, "commerce API failure");
    res.status(500).json({ errors: [{ type: "ServerError", message: "Something went wrong on our side. Please try again." }] });
  };
}
