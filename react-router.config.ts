import type { Config } from "@react-router/dev/config";

/** Server-rendered, with the storefront's own Express server (server.ts) importing build/server/index.js. */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
} satisfies Config;
