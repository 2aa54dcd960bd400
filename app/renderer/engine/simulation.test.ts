import { describe, expect, it } from "vitest";
import { nodeBindings } from "../../../tests/support/node-engine";
import { ScenarioRejected } from "./engine";
import { Simulation } from "./pkg/mqpx.js";
import { isWellFormed, TraceKind } from "./sim-protocol";
import { openSimulation } from "./simulation";

nodeBindings(); // initialises the wasm module the Simulation class lives in

/** The fields a rejection names. */
function rejectedFields(f: () => unknown): string[] {
  try {
    f();
  } catch (error) {
    if (error instanceof ScenarioRejected) return error.errors.map((e) => e.field);
    throw error;
  }
  return [];
}

describe("wasm Simulation class", () => {
  it("names every bad field of the scenario, the seed and the options at once", () => {
    const fields = rejectedFields(() =>
      openSimulation(Simulation, { log: { stripes: 9 } }, -1, { batches: 1, series_interval_s: 0 }),
    );
    expect(fields.sort()).toEqual(["log.stripes", "options.batches", "options.series_interval_s", "seed"]);
    expect(rejectedFields(() => openSimulation(Simulation, {}, 1.5))).toEqual(["seed"]);
    expect(rejectedFields(() => openSimulation(Simulation, {}, 1, { chunk_records: 0 }))).toEqual([
      "options.chunk_records",
    ]);
    // A misspelt option is refused, not silently ignored.
    expect(rejectedFields(() => openSimulation(Simulation, {}, 1, { chunk_record: 5 } as never))).toEqual([
      "options.chunk_record",
    ]);
  });

  it("refuses to advance to a time that is not a number", () => {
    const sim = openSimulation(Simulation, {}, 1);
    expect(rejectedFields(() => sim.advance(Number.NaN))).toEqual(["until_s"]);
    sim.free();
  });

  it("hands out trace chunks as typed columns whose nodes exist in the topology", () => {
    const sim = openSimulation(Simulation, {}, 7, { chunk_records: 500 });
    const nodes = sim.topology().nodes;
    expect(nodes.length).toBeGreaterThan(1);
    nodes.forEach((n, i) => {
      expect(n.id).toBe(i);
    });
    sim.advance(0.05);
    sim.flush();
    const c = sim.takeChunk();
    expect(c).toBeDefined();
    if (c === undefined) return;
    expect(c.timeS).toBeInstanceOf(Float64Array);
    expect(c.message).toBeInstanceOf(Uint32Array);
    expect(c.from).toBeInstanceOf(Uint16Array);
    expect(c.to).toBeInstanceOf(Uint16Array);
    expect(c.kind).toBeInstanceOf(Uint8Array);
    expect(c.bytes).toBeInstanceOf(Uint32Array);
    expect(c.timeS.length).toBe(500);
    expect(isWellFormed(c)).toBe(true);
    expect(Math.max(...c.from, ...c.to)).toBeLessThan(nodes.length);
    expect(Math.max(...c.kind)).toBeLessThanOrEqual(TraceKind.channelBatch);
    expect(c.timeS[c.timeS.length - 1]).toBeLessThanOrEqual(0.05);
    sim.free();
  });

  it("counts what it records in whole-run totals and samples the series at the interval", () => {
    const sim = openSimulation(Simulation, {}, 7, { series_interval_s: 0.01 });
    sim.advance(0.1);
    const totals = sim.totals();
    expect(totals.now_s).toBe(0.1);
    expect(totals.events).toBe(sim.events());
    expect(totals.events).toBeGreaterThan(0);
    const recorded = Object.values(totals.records).reduce((a, b) => a + b, 0);
    expect(recorded).toBeGreaterThan(0);
    const series = sim.series();
    expect(series.values.every((row) => row.length === series.names.length)).toBe(true);
    expect(series.time_s.length).toBeGreaterThanOrEqual(9);
    const later = sim.series(0.05);
    expect(later.time_s.every((t) => t > 0.05)).toBe(true);
    expect(later.time_s.length).toBeLessThan(series.time_s.length);
    sim.free();
  });

  it("repeats a run exactly for the same seed and differs for another", () => {
    const firstChunk = (seed: number) => {
      const sim = openSimulation(Simulation, {}, seed, { chunk_records: 200 });
      sim.advance(0.02);
      const c = sim.takeChunk();
      sim.free();
      return c === undefined ? [] : Array.from(c.timeS);
    };
    expect(firstChunk(11)).toEqual(firstChunk(11));
    expect(firstChunk(11)).not.toEqual(firstChunk(12));
  });

  it("reports the steady-state figures the protocol declares, each estimate with a finite half-width", () => {
    const sim = openSimulation(Simulation, {}, 3, { trace: false, warmup_s: 0.01, run_s: 0.1, batches: 10 });
    sim.advance(0.11);
    const m = sim.steadyState();
    sim.free();
    const declared: (keyof typeof m)[] = [
      "transactions_per_s",
      "messages_per_s",
      "round_trip_us",
      "log_rate_mb_s",
      "log_writes_per_s",
      "cpu_utilisation",
      "force_requests_per_s",
      "force_wait_us",
      "sync_write_fraction",
      "pfid_utilisation",
      "cf_utilisation",
      "cf_sync_fraction",
      "cf_subchannel_busy_fraction",
      "cf_time_per_message_us",
      "channel_messages_per_s",
      "achieved_batch_size",
      "sender_cpu_us_per_msg",
      "receiver_cpu_us_per_msg",
      "network_utilisation",
      "client_instance_wait_us",
      "events",
    ];
    expect(Object.keys(m).sort()).toEqual([...declared].sort());
    expect(m.transactions_per_s.mean).toBeGreaterThan(0);
    expect(Number.isFinite(m.transactions_per_s.half_width_95)).toBe(true);
    expect(m.transactions_per_s.half_width_95).toBeLessThan(m.transactions_per_s.mean);
  });
});
