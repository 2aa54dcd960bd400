/** Builds the renderer for the browser and serves it on a free loopback port for a test run. */
import { resolve } from "node:path";
import { build, type PreviewServer, preview } from "vite";

const config = resolve(import.meta.dirname, "../../vite.web.config.ts");

/** A running preview server and its base URL. */
export interface WebServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Runs `vite build` for the web target, then serves dist/web on 127.0.0.1. */
export async function buildAndServe(): Promise<WebServer> {
  await build({ configFile: config, logLevel: "warn" });
  const server: PreviewServer = await preview({
    configFile: config,
    preview: { host: "127.0.0.1", port: 0, strictPort: false },
    logLevel: "warn",
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("the preview server did not report a URL");
  return { url, close: () => server.close() };
}
