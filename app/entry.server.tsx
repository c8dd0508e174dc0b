import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const details = {
    correlationId: context.correlationId,
    brand: context.brand?.id,
    lang: context.lang,
    url: request.url,
    userAgent: request.headers.get("user-agent"),
  };
  // Remix's own 4xx answers (no such route, a method or ?_data probe no route serves) are the
  // visitor's mistake, not the store's: logged at info, without a stack.
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.logger?.info({ ...details, status: error.status, method: request.method }, "storefront request refused");
    return;
  }
  // Uncaught errors are logged with correlation id, brand, language and visitor info.
  context.logger?.error({ err: error, ...details }, "uncaught storefront error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger?.error({ err: error, correlationId: loadContext.correlationId }, "streaming render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
