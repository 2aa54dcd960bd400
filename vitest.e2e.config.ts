import { defineConfig } from "vitest/config";

// End-to-end tests: the built renderer in headless Chromium. One file at a time, generous timeouts
// because a 2-core machine builds and renders with software GL.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
