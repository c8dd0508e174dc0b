// The bare React Router app (bench/bare-page) that npm run bench and npm run bench:lighthouse measure
// the store against: built on demand with this checkout's React Router and React.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const bareDir = path.resolve("bench/bare-page");

// Builds the bare app when its sources, its config or the React Router/React versions changed since the last build.
export function buildBareIfNeeded() {
  const hash = createHash("sha256");
  const files = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : [path.join(d, e.name)]));
  for (const f of [...files(path.join(bareDir, "app")).sort(), path.join(bareDir, "react-router.config.js"), path.join(bareDir, "vite.config.js")])
    hash.update(f).update(fs.readFileSync(f));
  for (const pkg of ["@react-router/dev", "react-router", "@react-router/express", "vite", "react", "react-dom", "express"]) {
    hash.update(fs.readFileSync(path.resolve("node_modules", pkg, "package.json")));
  }
  const stamp = hash.digest("hex");
  const stampFile = path.join(bareDir, "build/stamp.txt");
  if (fs.existsSync(path.join(bareDir, "build/server/index.js")) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp) return;
  console.log("Building the bare React Router app (bench/bare-page)...");
  fs.rmSync(path.join(bareDir, "build"), { recursive: true, force: true });
  buildReactRouterApp(bareDir, "bare React Router");
  fs.writeFileSync(stampFile, stamp);
}

/** A React Router app in `dir` built for production with this checkout's React Router (`react-router build`). */
export function buildReactRouterApp(dir, label) {
  const result = spawnSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`${label} build failed`);
}
