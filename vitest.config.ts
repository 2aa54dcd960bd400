import { defineConfig } from "vitest/config";

// Unit tests: beside their code in app/, plus cross-layer tests in tests/ (not the end-to-end ones).
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
  },
});
