/**
 * Typed wrapper over the core's `Simulation` class (wasm-core/src/wasm.rs): JSON results parsed
 * into the protocol's types, field errors rethrown as `ScenarioRejected`, and the chunk object the
 * bindings return turned into plain typed-array columns (and freed at once).
 */
import { ScenarioRejected } from "./engine";
import type { SeriesSamples, SimMetrics, SimRunOptions, SimTotals, Topology, TraceColumns } from "./sim-protocol";
import type { FieldError } from "./types";

/** The bindings' chunk object: each `take*` moves one column out of wasm memory (once). */
export interface WasmTraceColumns {
  readonly length: number;
  takeTimeS(): Float64Array;
  takeMessage(): Uint32Array;
  takeFrom(): Uint16Array;
  takeTo(): Uint16Array;
  takeKind(): Uint8Array;
  takeBytes(): Uint32Array;
  free(): void;
}

/** The bindings' simulation object. */
export interface WasmSimulation {
  topology(): string;
  advance(untilS: number): void;
  nowS(): number;
  events(): number;
  flush(): void;
  takeChunk(): WasmTraceColumns | undefined;
  series(sinceS?: number | null): string;
  totals(): string;
  steadyState(): string;
  free(): void;
}

/** The bindings' `Simulation` constructor. */
export type WasmSimulationConstructor = new (
  scenarioJson: string,
  seed: number,
  optionsJson?: string | null,
) => WasmSimulation;

/** A running simulation of one scenario. */
export interface SimulationHandle {
  /** The nodes the trace refers to. */
  topology(): Topology;
  /** Runs every event up to simulated time `untilS`. */
  advance(untilS: number): void;
  /** Simulated time reached, seconds. */
  nowS(): number;
  /** Events processed so far. */
  events(): number;
  /** Closes the chunk being filled so its records can be taken now. */
  flush(): void;
  /** The oldest completed chunk, or `undefined`. */
  takeChunk(): TraceColumns | undefined;
  /** Samples later than `sinceS` (all kept samples when omitted). */
  series(sinceS?: number): SeriesSamples;
  /** Whole-run totals. */
  totals(): SimTotals;
  /** Steady-state estimates over the measured period so far. */
  steadyState(): SimMetrics;
  /** Releases the wasm memory; the handle must not be used afterwards. */
  free(): void;
}

/** The field errors a core error carries (JSON text `{"errors":[..]}`), or `null` for any other error. */
export function fieldErrors(error: unknown): readonly FieldError[] | null {
  if (typeof error !== "string") return null;
  try {
    const parsed = JSON.parse(error) as { errors?: unknown };
    return Array.isArray(parsed.errors) ? (parsed.errors as FieldError[]) : null;
  } catch {
    return null;
  }
}

/** Runs `f`, rethrowing the core's field errors as `ScenarioRejected`. */
function call<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    const errors = fieldErrors(error);
    if (errors !== null) throw new ScenarioRejected(errors);
    throw typeof error === "string" ? new Error(error) : error;
  }
}

/** Copies a bindings chunk into plain columns and frees the wasm object. */
function columnsOf(chunk: WasmTraceColumns): TraceColumns {
  try {
    return {
      timeS: chunk.takeTimeS(),
      message: chunk.takeMessage(),
      from: chunk.takeFrom(),
      to: chunk.takeTo(),
      kind: chunk.takeKind(),
      bytes: chunk.takeBytes(),
    };
  } finally {
    chunk.free();
  }
}

/**
 * Starts a simulation of `scenario` with `seed`; throws `ScenarioRejected` naming every bad
 * field of the scenario, the seed or the options.
 */
export function openSimulation(
  Simulation: WasmSimulationConstructor,
  scenario: unknown,
  seed: number,
  options?: SimRunOptions,
): SimulationHandle {
  const sim = call(() => new Simulation(JSON.stringify(scenario), seed, options ? JSON.stringify(options) : null));
  return {
    topology: () => JSON.parse(sim.topology()) as Topology,
    advance: (untilS) => call(() => sim.advance(untilS)),
    nowS: () => sim.nowS(),
    events: () => sim.events(),
    flush: () => sim.flush(),
    takeChunk: () => {
      const chunk = sim.takeChunk();
      return chunk === undefined ? undefined : columnsOf(chunk);
    },
    series: (sinceS) => JSON.parse(sim.series(sinceS ?? null)) as SeriesSamples,
    totals: () => JSON.parse(sim.totals()) as SimTotals,
    steadyState: () => JSON.parse(sim.steadyState()) as SimMetrics,
    free: () => sim.free(),
  };
}
