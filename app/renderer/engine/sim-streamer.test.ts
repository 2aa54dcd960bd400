import { describe, expect, it } from "vitest";
import { nodeBindings } from "../../../tests/support/node-engine";
import { Simulation } from "./pkg/mqpx.js";
import type { FromWorker, ToWorker } from "./sim-protocol";
import { SimStreamer } from "./sim-streamer";

nodeBindings(); // initialises the wasm module the Simulation class lives in

/** A streamer whose slices run only when the test says so, and everything it posted. */
function harness() {
  const posted: { message: FromWorker; transfer: Transferable[] }[] = [];
  const tasks: (() => void)[] = [];
  const streamer = new SimStreamer(
    Simulation,
    (message, transfer) => posted.push({ message, transfer }),
    (task) => tasks.push(task),
  );
  /** Runs scheduled slices until none is due (or `limit` ran); returns how many ran. */
  const drain = (limit = 10_000) => {
    let ran = 0;
    while (tasks.length > 0 && ran < limit) {
      (tasks.shift() as () => void)();
      ran++;
    }
    return ran;
  };
  const of = <T extends FromWorker["type"]>(type: T) =>
    posted.map((p) => p.message).filter((m): m is Extract<FromWorker, { type: T }> => m.type === type);
  const send = (m: ToWorker) => streamer.handle(m);
  return { posted, tasks, drain, of, send };
}

const FAST = { chunk_records: 256 };

describe("simulation streamer (the worker's logic)", () => {
  it("answers a start with the topology, then chunks in sequence and progress up to a horizon", () => {
    const h = harness();
    h.send({ type: "start", run: 1, scenario: {}, seed: 3, options: FAST, stream: { maxUnackedChunks: 1000 } });
    expect(h.of("started")[0]?.topology.nodes.length).toBeGreaterThan(1);
    h.drain(20);
    const chunks = h.of("chunk");
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.chunk.seq)).toEqual(chunks.map((_, i) => i + 1));
    const times = chunks.flatMap((c) => Array.from(c.chunk.columns.timeS));
    expect(times.every((t, i) => i === 0 || t >= (times[i - 1] as number))).toBe(true);
    const progress = h.of("progress");
    const lastHorizon = progress[progress.length - 1]?.horizonS ?? 0;
    expect(times[times.length - 1]).toBeLessThanOrEqual(lastHorizon);
    // Each chunk went out with its six column buffers listed for transfer.
    const first = h.posted.find((p) => p.message.type === "chunk");
    expect(first?.transfer).toHaveLength(6);
  });

  it("holds back once too many chunks are unacknowledged, and goes on when they are", () => {
    const h = harness();
    h.send({ type: "start", run: 1, scenario: {}, seed: 3, options: FAST, stream: { maxUnackedChunks: 4 } });
    h.drain();
    expect(h.tasks).toHaveLength(0); // it stopped by itself rather than spinning
    const sent = h.of("chunk").length;
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(h.of("waiting")).toEqual([{ type: "waiting", run: 1, reason: "backpressure" }]);
    h.send({ type: "ack", run: 1, seq: sent });
    h.drain();
    expect(h.of("chunk").length).toBeGreaterThanOrEqual(sent + 4);
    expect(h.of("waiting")).toHaveLength(2);
  });

  it("pauses, resumes, stops, and ignores messages for another run", () => {
    const h = harness();
    h.send({ type: "start", run: 5, scenario: {}, seed: 3, options: FAST, stream: { maxUnackedChunks: 1e6 } });
    h.send({ type: "pause", run: 5 });
    h.drain();
    expect(h.of("waiting")).toEqual([{ type: "waiting", run: 5, reason: "paused" }]);
    expect(h.of("chunk")).toHaveLength(0);
    h.send({ type: "resume", run: 4 }); // stale
    expect(h.drain()).toBe(0);
    h.send({ type: "resume", run: 5 });
    h.drain(3);
    expect(h.of("chunk").length).toBeGreaterThan(0);
    h.send({ type: "stop", run: 5 });
    h.drain();
    const after = h.posted.length;
    h.send({ type: "resume", run: 5 });
    h.send({ type: "ack", run: 5, seq: 100 });
    h.drain();
    expect(h.posted.length).toBe(after);
    expect(h.of("stopped")).toEqual([{ type: "stopped", run: 5 }]);
  });

  it("stops the old run when a new one starts", () => {
    const h = harness();
    h.send({ type: "start", run: 1, scenario: {}, seed: 3, options: FAST });
    h.send({ type: "start", run: 2, scenario: {}, seed: 4, options: FAST });
    expect(h.of("stopped")).toEqual([{ type: "stopped", run: 1 }]);
    h.drain(2);
    expect(h.of("chunk").every((c) => c.run === 2)).toBe(true);
  });

  it("finishes at untilS with totals at that time", () => {
    const h = harness();
    h.send({
      type: "start",
      run: 1,
      scenario: {},
      seed: 3,
      options: FAST,
      stream: { untilS: 0.01, maxUnackedChunks: 1e6 },
    });
    h.drain();
    const finished = h.of("finished");
    expect(finished).toHaveLength(1);
    expect(finished[0]?.totals.now_s).toBe(0.01);
    expect(finished[0]?.totals.events).toBeGreaterThan(0);
  });

  it("rejects a bad scenario or bad stream settings with the fields at fault", () => {
    const h = harness();
    h.send({ type: "start", run: 1, scenario: { log: { stripes: 0 } }, seed: 1 });
    h.send({ type: "start", run: 2, scenario: {}, seed: 1, stream: { sliceS: -1, maxUnackedChunks: 0.5 } });
    const [first, second] = h.of("rejected");
    expect(first?.errors.map((e) => e.field)).toEqual(["log.stripes"]);
    expect(second?.errors.map((e) => e.field)).toEqual(["stream.sliceS", "stream.maxUnackedChunks"]);
    expect(h.drain()).toBe(0);
  });

  it("answers a steady-state request with the run's estimates", () => {
    const h = harness();
    h.send({ type: "start", run: 1, scenario: {}, seed: 3, options: { trace: false } });
    h.drain(5);
    h.send({ type: "steady-state", run: 1 });
    const m = h.of("steady-state")[0]?.metrics;
    expect(m?.events).toBeGreaterThan(0);
  });
});
