import { Router } from "express";

/**
 * /healthz: the process answers. /readyz: it is ready for shoppers: warmed up (`isWarm`: its
 * indexes and caches built, so the first shopper does not pay for them) and its database answers.
 */
export function healthRouter(databaseAnswers: () => Promise<boolean>, isWarm: () => boolean = () => true): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    if (!isWarm()) {
      res.status(503).json({ status: "warming up" });
      return;
    }
    const ok = await databaseAnswers();
    res.status(ok ? 200 : 503).json({ status: ok ? "ready" : "database unreachable" });
  });
  return router;
}
