import type { RequestHandler } from "express";

/**
 * /healthz: the process answers. /readyz: it is ready for shoppers: warmed up (`isWarm`: its
 * indexes and caches built, so the first shopper does not pay for them) and its database answers.
 * It runs in front of every page, so any other request passes straight on instead of walking a router.
 */
export function healthChecks(databaseAnswers: () => Promise<boolean>, isWarm: () => boolean = () => true): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === "/healthz") return void res.json({ status: "ok" });
    if (req.path !== "/readyz") return next();
    if (!isWarm()) return void res.status(503).json({ status: "warming up" });
    databaseAnswers().then((ok) => res.status(ok ? 200 : 503).json({ status: ok ? "ready" : "database unreachable" }), next);
  };
}
