import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { "~": path.resolve("app") } },
  build: {
    rollupOptions: {
      // Resource routes (the API-style routes, cart posts, sitemaps) have no browser code, so their
      // client chunks are empty by design: 26 lines of that before `npm start` says where the store is.
      onwarn(warning, warn) {
        if (warning.code !== "EMPTY_BUNDLE") warn(warning);
      },
    },
  },
});
