/**
 * The one module that talks to the wasm core. Everything else in the renderer calls this typed
 * wrapper, never the generated bindings, so the JSON boundary and its errors live in one place.
 */
import type { FieldError, Metrics, Scenario } from "./types";

/** The generated bindings' functions the wrapper uses (see wasm-core/src/wasm.rs). */
export interface WasmBindings {
  version(): string;
  defaultScenario(): string;
  parseScenario(json: string): string;
  evaluate(json: string): string;
  sweep(json: string, param: string, values: Float64Array, metric: string): Float64Array;
  calculate(name: string, inputJson: string): string;
  fidelity(referenceSetsJson: string): string;
}

/** A scenario the model refused, with every field it objected to. */
export class ScenarioRejected extends Error {
  override readonly name = "ScenarioRejected";
  constructor(readonly errors: readonly FieldError[]) {
    super(
      errors
        .map((e) => (e.value ? `${e.field}: ${e.value} — expected ${e.allowed}` : `${e.field}: ${e.allowed}`))
        .join("\n"),
    );
  }
}

/** The model, ready to use. */
export interface Engine {
  /** The core's version string. */
  readonly version: string;
  /** A fresh copy of the default scenario. */
  defaultScenario(): Scenario;
  /** Validates a scenario and returns it with every field filled in. */
  parseScenario(scenario: unknown): Scenario;
  /** Evaluates every sub-model for a scenario. */
  evaluate(scenario: Scenario): Metrics;
  /** `metric` at each value of the numeric scenario field `param`. */
  sweep(scenario: Scenario, param: string, values: readonly number[], metric: string): Float64Array;
  /** Runs a named sizing calculator. */
  calculate(name: string, input: unknown): Record<string, unknown>;
}

/** Rethrows a wasm error string as a ScenarioRejected when it carries field errors. */
function rethrow(error: unknown): never {
  if (typeof error === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(error);
    } catch {
      throw new Error(error);
    }
    if (typeof parsed === "object" && parsed !== null && Array.isArray((parsed as { errors?: unknown }).errors)) {
      throw new ScenarioRejected((parsed as { errors: FieldError[] }).errors);
    }
    throw new Error(error);
  }
  throw error;
}

function call<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    rethrow(error);
  }
}

/** Wraps initialised bindings in the typed Engine API. */
export function wrapBindings(b: WasmBindings): Engine {
  return {
    version: b.version(),
    defaultScenario: () => JSON.parse(b.defaultScenario()) as Scenario,
    parseScenario: (scenario) => JSON.parse(call(() => b.parseScenario(JSON.stringify(scenario)))) as Scenario,
    evaluate: (scenario) => JSON.parse(call(() => b.evaluate(JSON.stringify(scenario)))) as Metrics,
    sweep: (scenario, param, values, metric) =>
      call(() => b.sweep(JSON.stringify(scenario), param, Float64Array.from(values), metric)),
    calculate: (name, input) =>
      JSON.parse(call(() => b.calculate(name, JSON.stringify(input)))) as Record<string, unknown>,
  };
}
