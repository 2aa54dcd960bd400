/** Loads the wasm core in a browser (or Electron) page: fetches, compiles and wraps it once. */

import { type Engine, wrapBindings } from "./engine";
import init, * as bindings from "./pkg/mqpx.js";

let loading: Promise<Engine> | null = null;

/** The engine, loading it on first call; later calls share the same instance. */
export function loadEngine(): Promise<Engine> {
  loading ??= init().then(() => wrapBindings(bindings));
  return loading;
}
