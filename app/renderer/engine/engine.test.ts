import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import { ScenarioRejected } from "./engine";

describe("engine wrapper over the wasm core", () => {
  const engine = nodeEngine();

  it("reports the crate version", () => {
    expect(engine.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("computes log data per message from the message size, larger inside a QSG", () => {
    const s = engine.defaultScenario();
    s.workload.persistence = "persistent";
    s.workload.message_size_bytes = 10_000;
    const privateQueue = engine.evaluate(s).log.log_bytes_per_message;
    s.workload.queue_type = "shared";
    s.workload.queue_managers = 2;
    const sharedQueue = engine.evaluate(s).log.log_bytes_per_message;
    expect(privateQueue).toBeGreaterThan(10_000);
    expect(sharedQueue).toBeGreaterThan(privateQueue);
  });

  it("writes no log data for non-persistent messages", () => {
    const s = engine.defaultScenario();
    s.workload.persistence = "non_persistent";
    expect(engine.evaluate(s).log.log_bytes_per_message).toBe(0);
  });

  it("sweeps a parameter into a typed array that grows with message size", () => {
    const s = engine.defaultScenario();
    s.workload.persistence = "persistent";
    const ys = engine.sweep(s, "workload.message_size_bytes", [1024, 4096, 65536], "log.log_bytes_per_message");
    expect(ys).toBeInstanceOf(Float64Array);
    expect(ys.length).toBe(3);
    expect(ys[1]).toBeGreaterThan(ys[0] as number);
    expect(ys[2]).toBeGreaterThan(ys[1] as number);
  });

  it("rejects a bad scenario with the field, the value and what is allowed", () => {
    const s = engine.defaultScenario() as unknown as Record<string, Record<string, unknown>>;
    (s.log as Record<string, unknown>).stripes = 9;
    try {
      engine.evaluate(s as never);
      expect.unreachable("the scenario should have been rejected");
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioRejected);
      const [first] = (error as ScenarioRejected).errors;
      expect(first).toMatchObject({ field: "log.stripes", value: "9" });
      expect(first?.allowed).toContain("1 to 4");
    }
  });

  it("names an unknown field", () => {
    expect(() => engine.parseScenario({ workload: { mesage_size_bytes: 1 } })).toThrow(/mesage_size_bytes/);
  });

  it("runs a calculator by name and refuses an unknown one", () => {
    const out = engine.calculate("log_volume", { message_size_bytes: 1024, messages_per_s: 1000, copies: 2 });
    expect(out.archive_gb_per_day).toBeGreaterThan(0);
    expect(() => engine.calculate("no_such_calculator", {})).toThrow(ScenarioRejected);
  });
});
