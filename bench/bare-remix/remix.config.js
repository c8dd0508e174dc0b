// The bare Remix app that scripts/bench.mjs measures the store against. Same compiler (classic)
// and the store's own future flags, so the floor moves with the store's Remix settings.
// Everything it builds goes under build/ (gitignored).
import store from "../../remix.config.js";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "build/public/build",
  publicPath: "/build/",
  cacheDirectory: "build/.cache",
  future: store.future,
};
