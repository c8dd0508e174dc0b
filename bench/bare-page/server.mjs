// The bare React Router server for npm run bench: express + @react-router/express in production mode, with
// the store's process layout (a cluster primary forking WEB_CONCURRENCY workers, default one per
// core; a single process when that is 1), so CPU and memory compare process for process.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const workerCount = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism()));

if (cluster.isPrimary && workerCount > 1) {
  let stopping = false;
  for (let i = 0; i < workerCount; i++) cluster.fork();
  // A worker that dies ends the server (exit code 1), so the bench stops instead of measuring fewer processes.
  let failed = false;
  cluster.on("exit", (worker, code, signal) => {
    if (!stopping) {
      console.error(`bare React Router worker ${worker.process.pid} died (code ${code}, signal ${signal})`);
      failed = true;
      stop();
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  });
  function stop() {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
  }
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} else {
  const build = await import(pathToFileURL(path.join(here, "build/server/index.js")).href);
  const app = express();
  app.disable("x-powered-by");
  app.use("/assets", express.static(path.join(here, "build/client/assets"), { immutable: true, maxAge: "1y" }));
  app.all("*", createRequestHandler({ build, mode: "production" }));
  const server = app.listen(Number(process.env.PORT ?? 3201), process.env.HOST ?? "127.0.0.1");
  server.keepAliveTimeout = 65_000;
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
