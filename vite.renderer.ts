import { resolve } from "node:path";
import type { UserConfig } from "vite";

/** The renderer's Vite config, shared by the Electron build and the plain-browser `npm run web`. */
export const rendererConfig: UserConfig = {
  root: resolve("app/renderer"),
  publicDir: false,
  base: "./",
  build: {
    target: "es2022",
    // The wasm must stay a file: the CSP allows compiling it, not inlining it as data.
    assetsInlineLimit: 0,
    emptyOutDir: true,
    rollupOptions: { input: resolve("app/renderer/index.html") },
  },
  server: { fs: { allow: [resolve(".")] } },
};
