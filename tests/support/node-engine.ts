/** The wasm engine loaded in Node, for Vitest: the same bindings the renderer uses, initialised from the file. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Engine, type WasmBindings, wrapBindings } from "../../app/renderer/engine/engine";
import * as bindings from "../../app/renderer/engine/pkg/mqpx.js";

const wasmPath = fileURLToPath(new URL("../../app/renderer/engine/pkg/mqpx_bg.wasm", import.meta.url));

let engine: Engine | null = null;

/** The raw generated bindings, initialised. */
export function nodeBindings(): WasmBindings {
  if (engine === null) {
    bindings.initSync({ module: readFileSync(wasmPath) });
    engine = wrapBindings(bindings);
  }
  return bindings;
}

/** The typed engine, initialised once per test file. */
export function nodeEngine(): Engine {
  nodeBindings();
  return engine as Engine;
}
