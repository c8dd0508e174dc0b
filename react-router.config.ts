import type { Config } from "@react-router/dev/config";

/** Server-rendered, with the storefront's own Express server (server.ts) importing build/server/index.js. */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // React Router 8's changes, announced as flags: none is taken up yet (decision 059). Said here,
  // each build stops warning about them.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
