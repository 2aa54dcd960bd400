// The Electron main process: one window, the renderer served from the app scheme, every security
// rule applied before any page loads.
import { join } from "node:path";
import { app, BrowserWindow, session } from "electron";
import { registerAppSchemePrivileges, serveRendererFrom } from "./app-protocol";
import { APP_ORIGIN } from "./app-url";
import { registerIpcHandlers } from "./ipc";
import { enforceContentSecurityPolicy } from "./security/csp";
import { lockDownNavigation } from "./security/navigation";
import { originOf } from "./security/origin";
import { denyUnusedPermissions } from "./security/permissions";
import { createMainWindow } from "./window";

registerAppSchemePrivileges();

/** The dev server during `electron-vite dev`; the bundled renderer otherwise. */
function rendererUrl(): string {
  const devServer = process.env.ELECTRON_RENDERER_URL;
  return !app.isPackaged && devServer ? devServer : `${APP_ORIGIN}/index.html`;
}

/** The origin every page and IPC message must come from. */
function appOrigin(): string {
  return originOf(rendererUrl()) ?? APP_ORIGIN;
}

app.on("web-contents-created", (_event, contents) => {
  // Any web contents the app did not create itself (there should be none) gets the same locks.
  lockDownNavigation(contents, appOrigin());
});

void app.whenReady().then(() => {
  serveRendererFrom(join(app.getAppPath(), "out/renderer"));
  enforceContentSecurityPolicy(session.defaultSession);
  denyUnusedPermissions(session.defaultSession);
  registerIpcHandlers(appOrigin());
  createMainWindow(rendererUrl());

  app.on("activate", () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(rendererUrl());
  });
});

app.on("window-all-closed", () => {
  if (process.platform !== "darwin") app.quit();
});
