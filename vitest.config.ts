import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    globals: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default leaves a core to its own process: one fork on the two-core machine the test
    // line runs on. The integration files spend much of their time waiting for PostgreSQL, child
    // processes and HTTP, so two forks overlap one file's waits with another's work (docs/performance.md).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});
