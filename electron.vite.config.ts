import { resolve } from "node:path";
import { defineConfig } from "electron-vite";
import { rendererConfig } from "./vite.renderer";

// The main process and preload are Node-side bundles; the renderer is the same Vite config
// `npm run web` serves to a plain browser.
export default defineConfig({
  main: {
    build: {
      outDir: "out/main",
      rollupOptions: { input: { index: resolve("app/main/index.ts") } },
    },
  },
  preload: {
    build: {
      outDir: "out/preload",
      rollupOptions: {
        input: { index: resolve("app/preload/index.ts") },
        // A sandboxed preload cannot load ES modules: it must be one CommonJS file.
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    build: { ...rendererConfig.build, outDir: resolve("out/renderer") },
  },
});
