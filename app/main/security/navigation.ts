import type { WebContents } from "electron";
import { originOf } from "./origin";

/**
 * True when `target` stays inside the app: the same origin as the page the window was created with.
 * Everything else (remote sites, file:// paths, javascript: URLs) is refused.
 */
export function isInAppNavigation(target: string, appOrigin: string): boolean {
  const origin = originOf(target);
  return origin !== null && origin === appOrigin;
}

/** Blocks navigation away from the app, new windows and <webview> attachment for `contents`. */
export function lockDownNavigation(contents: WebContents, appOrigin: string): void {
  contents.on("will-navigate", (event, url) => {
    if (!isInAppNavigation(url, appOrigin)) event.preventDefault();
  });
  contents.on("will-redirect", (event, url) => {
    if (!isInAppNavigation(url, appOrigin)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: "deny" }));
  contents.on("will-attach-webview", (event) => event.preventDefault());
}
