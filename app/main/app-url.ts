/** Where app:// URLs point, kept free of Electron so it can be tested in plain Node. */
import { extname, isAbsolute, relative, resolve } from "node:path";

/** The scheme the renderer is served from; a secure, standard origin rather than file://. */
export const APP_SCHEME = "app";
/** The host part of every app URL. */
export const APP_HOST = "bundle";
/** The origin of every page the app loads. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const MIME_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".md": "text/markdown; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * Maps an app URL to a file under `root`, or `null` when the URL is foreign or would escape the
 * root (`..`, encoded separators, absolute paths).
 */
export function resolveAppFile(root: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path.includes("\0")) return null;
  const file = resolve(root, `.${path === "/" ? "/index.html" : path}`);
  const rel = relative(root, file);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return null;
  return file;
}

/** The Content-Type for a file name. */
export function mimeTypeOf(file: string): string {
  return MIME_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
}
