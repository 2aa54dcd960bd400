import type { Session } from "electron";

/**
 * The Content-Security-Policy of every page the app loads. Scripts come only from the app itself;
 * 'wasm-unsafe-eval' lets the model's WebAssembly compile without allowing eval. Styles may be
 * inline because D3 and the UI set element styles.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Adds the CSP header to every response the session receives, whatever the page's own meta tag says. */
export function enforceContentSecurityPolicy(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, "Content-Security-Policy": [CONTENT_SECURITY_POLICY] },
    });
  });
}
