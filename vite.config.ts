import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { alias: { "~": path.resolve("app") } },
  build: {
    // A page's first paint waits for every script it preloads, a round trip each over HTTP/1.1
    // (decision 059): shared code is merged into chunks of at least 10 kB instead of one per set of
    // routes that share it.
    rollupOptions: isSsrBuild ? {} : { output: { experimentalMinChunkSize: 10_000, chunkFileNames: "assets/shared-[hash].js" } },
  },
}));
