import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import { createScenarioStore, withField } from "./scenario-store";

describe("scenario store", () => {
  it("re-evaluates the model when a field changes", () => {
    const store = createScenarioStore(nodeEngine());
    store.getState().setField("workload.persistence", "persistent");
    const small = store.getState().metrics.log.log_bytes_per_message;
    store.getState().setField("workload.message_size_bytes", 1_048_576);
    expect(store.getState().metrics.log.log_bytes_per_message).toBeGreaterThan(small);
    expect(store.getState().errors).toEqual([]);
  });

  it("keeps the last good scenario and reports the errors of a rejected change", () => {
    const store = createScenarioStore(nodeEngine());
    const before = store.getState().scenario;
    store.getState().setField("log.stripes", 0);
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().errors[0]?.field).toBe("log.stripes");
    store.getState().setField("log.stripes", 2);
    expect(store.getState().errors).toEqual([]);
  });

  it("sets fields that must change together as one change", () => {
    const store = createScenarioStore(nodeEngine());
    // Alone, a second queue manager for private queues is refused...
    store.getState().setField("workload.queue_managers", 2);
    expect(store.getState().errors[0]?.field).toBe("workload.queue_managers");
    // ...together with shared queues it is the scenario.
    store.getState().setFields({ "workload.queue_type": "shared", "workload.queue_managers": 2 });
    expect(store.getState().errors).toEqual([]);
    expect(store.getState().scenario.workload.queue_managers).toBe(2);
    expect(store.getState().scenario.workload.queue_type).toBe("shared");
  });

  it("writes a nested field without touching the original", () => {
    const engine = nodeEngine();
    const original = engine.defaultScenario();
    const changed = withField(original, "workload.requesters", 7);
    expect(changed.workload.requesters).toBe(7);
    expect(original.workload.requesters).toBe(1);
    expect(() => withField(original, "nope.field", 1)).toThrow(/nope/);
  });
});
