// Runs sandboxed, with contextIsolation: it can reach only `electron`'s renderer modules and
// hands the page a fixed set of functions, never ipcRenderer itself.
import { contextBridge, ipcRenderer } from "electron";
import { type AppInfo, IpcChannel, type MqpxBridge, type OpenedFile, type SaveRequest } from "./api";

const bridge: MqpxBridge = {
  appInfo: () => ipcRenderer.invoke(IpcChannel.appInfo) as Promise<AppInfo>,
  openScenario: () => ipcRenderer.invoke(IpcChannel.openScenario) as Promise<OpenedFile | null>,
  saveScenario: (request: SaveRequest) =>
    ipcRenderer.invoke(IpcChannel.saveScenario, {
      suggestedName: request.suggestedName,
      text: request.text,
    }) as Promise<string | null>,
};

contextBridge.exposeInMainWorld("mqpx", bridge);
