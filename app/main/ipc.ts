import { readFile, stat, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { app, BrowserWindow, dialog, type IpcMainInvokeEvent, ipcMain } from "electron";
import { type AppInfo, IpcChannel, MAX_DOCUMENT_BYTES, type OpenedFile } from "../preload/api";
import { InvalidPayload, isTrustedSender, parseSaveRequest } from "./ipc-validation";

const SCENARIO_FILTERS = [{ name: "MQ Performance Explorer scenario", extensions: ["json"] }];

/** Registers every bridge handler; each refuses senders outside the app and validates its payload. */
export function registerIpcHandlers(appOrigin: string): void {
  const guard = <T>(handler: (event: IpcMainInvokeEvent, payload: unknown) => Promise<T>) => {
    return async (event: IpcMainInvokeEvent, payload: unknown): Promise<T> => {
      if (!isTrustedSender(event.senderFrame?.url, appOrigin)) {
        throw new InvalidPayload("request refused: it did not come from the app's own page");
      }
      return handler(event, payload);
    };
  };

  ipcMain.handle(
    IpcChannel.appInfo,
    guard(
      async (): Promise<AppInfo> => ({
        version: app.getVersion(),
        platform: process.platform,
        electron: process.versions.electron ?? "",
      }),
    ),
  );

  ipcMain.handle(
    IpcChannel.openScenario,
    guard(async (event): Promise<OpenedFile | null> => {
      const window = BrowserWindow.fromWebContents(event.sender);
      const options = { properties: ["openFile" as const], filters: SCENARIO_FILTERS };
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      const path = result.filePaths[0];
      if (result.canceled || path === undefined) return null;
      if ((await stat(path)).size > MAX_DOCUMENT_BYTES) {
        throw new InvalidPayload(`${basename(path)} is larger than ${MAX_DOCUMENT_BYTES} bytes`);
      }
      return { name: basename(path), text: await readFile(path, "utf8") };
    }),
  );

  ipcMain.handle(
    IpcChannel.saveScenario,
    guard(async (event, payload): Promise<string | null> => {
      const request = parseSaveRequest(payload);
      const window = BrowserWindow.fromWebContents(event.sender);
      const options = { defaultPath: request.suggestedName, filters: SCENARIO_FILTERS };
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      if (result.canceled || result.filePath === undefined) return null;
      await writeFile(result.filePath, request.text, "utf8");
      return basename(result.filePath);
    }),
  );
}
