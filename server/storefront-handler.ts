import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { Logger } from "pino";
import type { StorefrontConfig } from "../app/config.server";
import { REMEMBER_ME_SECONDS, ShopperSession } from "../app/lib/auth/shopper-session.server";
import { storefrontCacheControl } from "../app/lib/http-security.server";
import { pageAddress, signInAgainPath } from "../app/lib/paths";
import { storefrontContextFor } from "../app/lib/request-context.server";
import type { ErrorMonitor } from "../app/lib/monitoring";
import { refreshTokens } from "../app/models/account.server";
import { closeOnceAnswered } from "../lib/closing";

/** The host the shopper asked for: a trusted proxy's X-Forwarded-Host (requestGuard drops others), else Host. */
export function requestHost(req: ExpressRequest): string | undefined {
  return req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
}

/**
 * The Fetch API request React Router reads, made from Express's as @react-router/express makes it: the
 * address the shopper asked for (protocol and host as TRUST_PROXY lets a proxy tell them), every
 * header, the body as a stream, and a signal that aborts loaders and actions when the shopper goes
 * away before the answer is sent.
 */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`${req.protocol}://${requestHost(req)}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Sends React Router's answer through Express (so compression and the headers set earlier apply), with
 * the cookies and Cache-Control decided here in place of its own; the body is streamed.
 */
async function send(req: ExpressRequest, res: ExpressResponse, response: Response, cookies: string[], cacheControl: string | null): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // Answered before the body was all read (a form over the limit, a page without a form): the
  // connection closes after the answer rather than reading, or waiting on, the rest.
  if (!req.complete) closeOnceAnswered(req, res);
  for (const [name, value] of response.headers) if (name !== "set-cookie" && name !== "cache-control") res.append(name, value);
  if (cookies.length > 0) res.append("Set-Cookie", cookies);
  if (cacheControl) res.setHeader("Cache-Control", cacheControl);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export interface StorefrontHandlerOptions {
  build: ServerBuild;
  config: StorefrontConfig;
  logger: Logger;
  /** Where the storefront's loaders call the commerce API. */
  apiBaseUrl: string;
  /** The embedded service's guest client, with which the storefront fetches guest tokens. */
  guestClient: { id: string; secret: string } | undefined;
  /** Reports the pages' uncaught errors (SENTRY_DSN); unset, they are only logged. */
  monitor?: ErrorMonitor;
}

/**
 * Every storefront page and form post: who is asking (brand, language, consent), the shopper's
 * session, then React Router. The session's cookies, and those the request context sets, go out with
 * the router's own; the answer's Cache-Control then follows from them (storefrontCacheControl).
 */
export function storefrontHandler({ build, config, logger, apiBaseUrl, guestClient, monitor }: StorefrontHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(build, config.production ? "production" : "development");
  const sessionSettings = {
    secrets: config.sessionSecrets,
    secure: config.secureCookies,
    rememberForSeconds: REMEMBER_ME_SECONDS,
    privacyCookiesEnabled: config.privacyCookiesEnabled,
  };
  return async (req, res, next) => {
    try {
      const decision = storefrontContextFor(
        {
          url: new URL(req.originalUrl, "http://storefront"),
          host: requestHost(req),
          cookieHeader: req.get("cookie"),
          correlationId: res.locals.correlationId as string,
          cspNonce: res.locals.cspNonce as string,
        },
        { brands: config.brands, apiBaseUrl, logger, privacyCookiesEnabled: config.privacyCookiesEnabled },
      );
      if ("redirect" in decision) return res.redirect(302, decision.redirect);
      const { context } = decision;
      const shopper = await ShopperSession.open(req.get("cookie"), {
        ...sessionSettings,
        refresh: (refreshToken, clientId) => refreshTokens(context, refreshToken, clientId),
        signInAgainPath: (clientId) => signInAgainPath(context.lang, clientId, pageAddress(new URL(req.originalUrl, "http://storefront"))),
      });
      // The shopper's address as TRUST_PROXY allows it to be known: rate limits count per address.
      const loadContext = { ...context, clientAddress: req.ip, shopper, guestClient, monitor };
      const response = await handleRequest(fetchRequest(req, res), loadContext);
      // Read once the router has answered: whatever a loader or action changed in the session goes out.
      const cookies = [...decision.setCookies, ...response.headers.getSetCookie(), ...shopper.setCookieHeaders()];
      const cacheControl = storefrontCacheControl({
        cacheControl: response.headers.get("Cache-Control"),
        contentType: response.headers.get("Content-Type"),
        setsCookie: cookies.length > 0,
        signedIn: shopper.isLoggedIn,
      });
      await send(req, res, response, cookies, cacheControl);
    } catch (err) {
      // The shopper went away while the page was on its way (a closed tab, a cancelled
      // navigation): nothing failed on our side, and there is no one left to answer.
      if (res.destroyed) {
        logger.debug({ correlationId: res.locals.correlationId, url: req.originalUrl }, "shopper left before the page was sent");
        return;
      }
      next(err);
    }
  };
}
