/**
 * Memory stays bounded over an hour of simulated time: a reader that never takes chunks finds at
 * most the history bound waiting, the series ring stays at its capacity, whole-run totals keep
 * growing, and the wasm heap stops growing once the run is under way.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as bindings from "../../app/renderer/engine/pkg/mqpx.js";
import { openSimulation } from "../../app/renderer/engine/simulation";

const wasm = bindings.initSync({
  module: readFileSync(new URL("../../app/renderer/engine/pkg/mqpx_bg.wasm", import.meta.url)),
});

/** Few events per simulated second (one requester, 100 MB persistent messages): an hour runs in seconds. */
const SLOW_WORKLOAD = {
  workload: { requesters: 1, servers: 1, message_size_bytes: 104_857_600, persistence: "persistent" },
};
const HISTORY_CHUNKS = 8;
const SERIES_CAPACITY = 100;

describe("an hour of simulated time in bounded memory", () => {
  it("keeps at most the history bound of chunks and the series capacity, while totals grow", () => {
    const sim = openSimulation(bindings.Simulation, SLOW_WORKLOAD, 5, {
      chunk_records: 256,
      history_chunks: HISTORY_CHUNKS,
      series_interval_s: 1,
      series_capacity: SERIES_CAPACITY,
      warmup_s: 60,
      run_s: 3540,
    });
    let lastEvents = 0;
    let heapAfterTenMinutes = 0;
    for (let minute = 1; minute <= 60; minute++) {
      sim.advance(minute * 60);
      const totals = sim.totals();
      expect(totals.pending_chunks).toBeLessThanOrEqual(HISTORY_CHUNKS);
      expect(totals.events).toBeGreaterThan(lastEvents);
      lastEvents = totals.events;
      if (minute === 10) heapAfterTenMinutes = wasm.memory.buffer.byteLength;
    }
    const totals = sim.totals();
    expect(totals.now_s).toBe(3600);
    expect(totals.dropped_chunks).toBeGreaterThan(100);
    const recorded = Object.values(totals.records).reduce((a, b) => a + b, 0);
    // Totals cover the whole run, far more than the chunks still held.
    expect(recorded).toBeGreaterThanOrEqual((totals.dropped_chunks + totals.pending_chunks) * 256);
    expect(sim.series().time_s.length).toBe(SERIES_CAPACITY);
    // The heap reached its size early and 50 more minutes did not grow it by more than 1 MB.
    expect(wasm.memory.buffer.byteLength - heapAfterTenMinutes).toBeLessThanOrEqual(1 << 20);
    sim.free();
  });
});
