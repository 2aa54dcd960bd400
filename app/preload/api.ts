/**
 * The bridge between the sandboxed renderer and the main process: the only things the renderer
 * may ask of Electron. Types only, so every layer can import it without pulling in Node or DOM code.
 */

/** IPC channel names, one per bridge call. */
export const IpcChannel = {
  appInfo: "app:info",
  openScenario: "scenario:open",
  saveScenario: "scenario:save",
} as const;

/** What the renderer learns about the host application. */
export interface AppInfo {
  readonly version: string;
  readonly platform: string;
  readonly electron: string;
}

/** A scenario file read from disk. */
export interface OpenedFile {
  readonly name: string;
  readonly text: string;
}

/** A request to save a scenario. */
export interface SaveRequest {
  /** File name offered in the dialog, e.g. "my-scenario.json". */
  readonly suggestedName: string;
  /** The document to write (JSON text). */
  readonly text: string;
}

/** Largest document the bridge carries either way: scenarios are small, this only stops abuse. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** The API exposed to the renderer as `window.mqpx` (absent in a plain browser). */
export interface MqpxBridge {
  appInfo(): Promise<AppInfo>;
  /** Shows an open dialog; `null` when the user cancels. */
  openScenario(): Promise<OpenedFile | null>;
  /** Shows a save dialog and writes the file; the saved name, or `null` when cancelled. */
  saveScenario(request: SaveRequest): Promise<string | null>;
}
