import { Router } from "express";

/** /healthz: the process answers. /readyz: and its database does too (`databaseAnswers`). */
export function healthRouter(databaseAnswers: () => Promise<boolean>): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const ok = await databaseAnswers();
    res.status(ok ? 200 : 503).json({ status: ok ? "ready" : "database unreachable" });
  });
  return router;
}
