import { join } from "node:path";
import { app, BrowserWindow } from "electron";
import { lockDownNavigation } from "./security/navigation";
import { originOf } from "./security/origin";
import { secureWebPreferences } from "./security/web-preferences";

/** Creates the main window and loads the renderer from `url` (the app scheme, or the dev server). */
export function createMainWindow(url: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: "MQ Performance Explorer",
    backgroundColor: "#0d1117",
    webPreferences: secureWebPreferences(join(app.getAppPath(), "out/preload/index.cjs")),
  });
  lockDownNavigation(window.webContents, originOf(url) ?? url);
  window.once("ready-to-show", () => window.show());
  void window.loadURL(url);
  return window;
}
