/**
 * The scenario being explored and the model's answer for it. Every change goes through the
 * engine: the store never computes a performance figure itself.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import { type Engine, ScenarioRejected } from "../engine/engine";
import type { FieldError, Metrics, Scenario } from "../engine/types";

/** State of the scenario store. */
export interface ScenarioState {
  /** The last scenario the model accepted. */
  readonly scenario: Scenario;
  /** The model's answer for `scenario`. */
  readonly metrics: Metrics;
  /** Problems with the last attempted change (the scenario itself stays as it was). */
  readonly errors: readonly FieldError[];
  /** Sets a field by dotted path, e.g. ("workload.message_size_bytes", 4096). */
  setField(path: string, value: unknown): void;
  /** Sets several fields at once (fields that must change together), as one change. */
  setFields(changes: Readonly<Record<string, unknown>>): void;
  /** Replaces the whole scenario (e.g. opened from a file). */
  replaceScenario(candidate: unknown): void;
}

/** Returns a deep copy of `scenario` with `value` written at `path`. */
export function withField(scenario: Scenario, path: string, value: unknown): Scenario {
  const copy = structuredClone(scenario) as Record<string, unknown>;
  const keys = path.split(".");
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== "object" || next === null) throw new Error(`no section ${key} in ${path}`);
    target = next as Record<string, unknown>;
  }
  target[keys[keys.length - 1] as string] = value;
  return copy as Scenario;
}

/** Creates the store around a loaded engine, starting from the default scenario. */
export function createScenarioStore(engine: Engine): StoreApi<ScenarioState> {
  const initial = engine.defaultScenario();
  return createStore<ScenarioState>()((set, get) => {
    const attempt = (candidate: unknown) => {
      try {
        const scenario = engine.parseScenario(candidate);
        set({ scenario, metrics: engine.evaluate(scenario), errors: [] });
      } catch (error) {
        if (error instanceof ScenarioRejected) set({ errors: error.errors });
        else throw error;
      }
    };
    return {
      scenario: initial,
      metrics: engine.evaluate(initial),
      errors: [],
      setField: (path, value) => attempt(withField(get().scenario, path, value)),
      setFields: (changes) =>
        attempt(Object.entries(changes).reduce((s, [path, value]) => withField(s, path, value), get().scenario)),
      replaceScenario: attempt,
    };
  });
}

/** Narrow selectors, so a view re-renders only when what it shows changes. */
export const selectMessageSize = (s: ScenarioState): number => s.scenario.workload.message_size_bytes;
export const selectPersistent = (s: ScenarioState): boolean => s.scenario.workload.persistence === "persistent";
export const selectLogBytesPerMessage = (s: ScenarioState): number => s.metrics.log.log_bytes_per_message;
export const selectErrors = (s: ScenarioState): readonly FieldError[] => s.errors;
