import type { NextFunction, Request, RequestHandler, Response } from "express";
import { closeOnceAnswered } from "../../lib/closing";
import type { ApiErrorBody } from "../contract/common";

/** The 413 in the API's error shape; the connection closes after it, so the rest of the body is not read. */
export function bodyTooLarge(req: Request, res: Response, limitBytes: number): void {
  closeOnceAnswered(req, res);
  res.status(413).json({
    errors: [{ type: "PayloadTooLargeError", subject: "body", message: `The request body is larger than the ${limitBytes / 1024} kB this API accepts.` }],
  } satisfies ApiErrorBody);
}

/**
 * Refuses a body over `limitBytes` before reading it: a Content-Length over the limit at once, a
 * chunked body as soon as the bytes received pass it. body-parser, which must come next (in the
 * same tick: counting sets the body flowing), stops at its own limit too, but reads whatever
 * follows to the end before it answers, 100 MB as readily as 100 kB.
 */
export function refuseBodiesOver(limitBytes: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limitBytes) return bodyTooLarge(req, res, limitBytes);
    if (declared === undefined && req.headers["transfer-encoding"] !== undefined) {
      let received = 0;
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received <= limitBytes) return;
        req.off("data", count);
        if (!res.headersSent) bodyTooLarge(req, res, limitBytes);
      };
      req.on("data", count);
    }
    next();
  };
}
