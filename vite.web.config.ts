import { resolve } from "node:path";
import { defineConfig } from "vite";
import { rendererConfig } from "./vite.renderer";

// `npm run web`: the renderer in any browser, without Electron.
export default defineConfig({
  ...rendererConfig,
  build: { ...rendererConfig.build, outDir: resolve("dist/web") },
  server: { ...rendererConfig.server, port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: false },
});
