import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { urlForLog } from "../commerce/contract/log-redaction";
import { visitorKind } from "./lib/monitoring";
import { NonceContext } from "./lib/nonce";

/** How long React Router waits on a deferred promise before rejecting it; the render is aborted a second after. */
export const streamTimeout = 5_000;

/**
 * React 18's streaming renderer fills fixed-size byte buffers; when a multi-byte character (é, î)
 * does not fit at the end of one, it still sends the whole buffer, unused NUL bytes included
 * (fixed only in React 19). A NUL byte never belongs in our HTML and never occurs inside a UTF-8
 * character, so dropping every one restores the page exactly. Most chunks have none and pass as
 * they are.
 *
 * The pieces are also gathered and sent in one write: the pages have no Suspense boundaries, so
 * nothing arrives later anyway, and React hands a page over in many small pieces that would
 * otherwise each be written to the socket on its own (decision record 022).
 */
export function wholePageWithoutNulBytes(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    // React takes a destination's "close" for a shopper leaving early: on every page it aborted
    // the finished render with a new Error and ended the stream a second time, which has Node
    // build another (ERR_STREAM_ALREADY_FINISHED), both with stack traces. Nothing is left to
    // abort by then (React renders the whole page before it writes any), and the stream's
    // reader stops at "end".
    emitClose: false,
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.indexOf(0) === -1) {
        chunks.push(chunk);
        return done();
      }
      const kept = Buffer.allocUnsafe(chunk.length);
      let length = 0;
      for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
      chunks.push(kept.subarray(0, length));
      done();
    },
    flush(done) {
      done(null, Buffer.concat(chunks));
    },
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const details = {
    correlationId: context.correlationId,
    brand: context.brand?.id,
    lang: context.lang,
    url: request.url,
    userAgent: request.headers.get("user-agent"),
  };
  // React Router's own 4xx answers (no such route, a method or a data request no route serves) are the
  // visitor's mistake, not the store's: logged at info, without a stack.
  if (isRouteErrorResponse(error) && error.status < 500) {
    context.logger?.info({ ...details, status: error.status, method: request.method }, "storefront request refused");
    return;
  }
  // Uncaught errors are logged with correlation id, brand, language and visitor info, and reported
  // to the error-monitoring service when there is one (decision 083).
  const visitor = visitorKind(context.shopper);
  context.logger?.error({ err: error, ...details, visitor }, "uncaught storefront error");
  context.monitor?.report(error, { ...details, url: urlForLog(request.url), method: request.method, visitor });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Set first, so that each callback below can clear it.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1_000);
    const ready = () => {
      shellRendered = true;
      const body = wholePageWithoutNulBytes();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) ready();
        },
        // The abort timer holds the whole render (loader data included) for its seconds: under load
        // that kept hundreds of finished pages alive in each worker. A finished render has nothing to abort.
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) ready();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (!shellRendered) return;
          loadContext.logger?.error({ err: error, correlationId: loadContext.correlationId }, "streaming render error");
          loadContext.monitor?.report(error, {
            correlationId: loadContext.correlationId,
            brand: loadContext.brand?.id,
            lang: loadContext.lang,
            visitor: visitorKind(loadContext.shopper),
            url: urlForLog(request.url),
            method: request.method,
          });
        },
      },
    );
  });
}
