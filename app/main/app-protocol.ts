import { readFile } from "node:fs/promises";
import { protocol } from "electron";
import { APP_SCHEME, mimeTypeOf, resolveAppFile } from "./app-url";

/** Must run before the app is ready: gives the scheme the privileges of https (fetch, secure context). */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/** Serves the built renderer from `root` under app://bundle/. */
export function serveRendererFrom(root: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(root, request.url);
    if (file === null) return new Response("Not found", { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { "Content-Type": mimeTypeOf(file) } });
    } catch {
      return new Response("Not found", { status: 404 });
    }
  });
}
