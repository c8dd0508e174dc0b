// Bundles server.ts (with server/ and the commerce service it embeds) into build/server.js. Packages stay
// external and are loaded from node_modules; the React Router build (build/server/index.js) is imported at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts", "commerce/main.ts"],
  outdir: "build",
  entryNames: "[name]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  // Chunks for what server.ts imports lazily (server/serving.ts, the commerce service): a cluster
  // primary never loads the server itself.
  splitting: true,
  logLevel: "warning",
});
