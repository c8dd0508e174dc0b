import { Router } from "express";
import { type Db, isDatabaseReachable } from "../db/index";

/** /healthz: the process answers. /readyz: and its database does too. */
export function healthRouter(db: Db): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const ok = await isDatabaseReachable(db);
    res.status(ok ? 200 : 503).json({ status: ok ? "ready" : "database unreachable" });
  });
  return router;
}
