import { describe, expect, it } from "vitest";
import { nodeBindings } from "../../../tests/support/node-engine";
import { Simulation } from "./pkg/mqpx.js";
import { SeriesWindow, SimClient, type SimClientListener, type WorkerPort } from "./sim-client";
import type { FromWorker, ToWorker } from "./sim-protocol";
import { SimStreamer } from "./sim-streamer";

nodeBindings(); // initialises the wasm module the Simulation class lives in

/**
 * The worker in-process: the real streamer and wasm, with messages crossing by structured clone
 * (chunks' buffers transferred, as postMessage does) on later turns of the event loop.
 */
class LoopbackWorker implements WorkerPort {
  readonly toWorker: ToWorker[] = [];
  transferredBytes = 0;
  private listeners: ((event: MessageEvent<FromWorker>) => void)[] = [];
  private terminated = false;
  private readonly streamer = new SimStreamer(
    Simulation,
    (message, transfer) => {
      for (const b of transfer) this.transferredBytes += (b as ArrayBuffer).byteLength;
      const data = structuredClone(message, { transfer });
      setImmediate(() => {
        if (this.terminated) return;
        for (const l of this.listeners) l({ data } as MessageEvent<FromWorker>);
      });
    },
    (task) => setImmediate(() => this.terminated || task()),
  );

  postMessage(message: ToWorker): void {
    this.toWorker.push(message);
    const data = structuredClone(message);
    setImmediate(() => this.terminated || this.streamer.handle(data));
  }

  addEventListener(_type: "message", listener: (event: MessageEvent<FromWorker>) => void): void {
    this.listeners.push(listener);
  }

  terminate(): void {
    this.terminated = true;
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets the event loop run until `done()` or `turns` pass. */
async function until(done: () => boolean, turns = 5000): Promise<void> {
  for (let i = 0; i < turns && !done(); i++) await turn();
}

describe("simulation client over a worker", () => {
  it("plays the stream end to end: every record the worker sent is visited once, in time order", async () => {
    const worker = new LoopbackWorker();
    let nodes = 0;
    const client = new SimClient(worker, { listener: { started: (t) => (nodes = t.nodes.length) } });
    client.start({ scenario: {}, seed: 9, options: { chunk_records: 512 }, stream: { maxUnackedChunks: 8 } });
    client.setSpeed(0.05);
    client.play();
    const seen: number[] = [];
    // Simulate frames: 10 ms of wall time each, visiting what the playhead passed.
    for (let frame = 0; frame < 100 && client.player.timeS < 0.03; frame++) {
      client.player.tick(0.01, (c, i) => seen.push(c.timeS[i] as number));
      await turn();
    }
    client.player.tick(0.01, (c, i) => seen.push(c.timeS[i] as number));
    expect(nodes).toBeGreaterThan(1);
    expect(client.player.timeS).toBeGreaterThanOrEqual(0.03);
    expect(seen.length).toBeGreaterThan(100);
    expect(seen.every((t, i) => i === 0 || t >= (seen[i - 1] as number))).toBe(true);
    expect(seen.every((t) => t <= client.player.timeS)).toBe(true);
    expect(worker.transferredBytes).toBeGreaterThan(0);
    expect(worker.toWorker.some((m) => m.type === "ack")).toBe(true);
    client.dispose();
  });

  it("lets a paused player hold the worker a bounded distance ahead", async () => {
    const worker = new LoopbackWorker();
    const waits: string[] = [];
    const client = new SimClient(worker, { listener: { waiting: (r) => waits.push(r) } });
    let chunks = 0;
    const counting = client.player.push.bind(client.player);
    client.player.push = (c) => {
      chunks++;
      counting(c);
    };
    client.start({ scenario: {}, seed: 9, options: { chunk_records: 256 }, stream: { maxUnackedChunks: 6 } });
    await until(() => waits.length > 0);
    for (let i = 0; i < 50; i++) await turn();
    expect(waits).toEqual(["backpressure"]);
    // One slice may overshoot the bound, but the worker then stops.
    expect(chunks).toBeGreaterThanOrEqual(6);
    expect(chunks).toBeLessThan(6 + 16);
    const held = chunks;
    client.play();
    client.setSpeed(1);
    for (let i = 0; i < 50; i++) {
      client.player.tick(0.001);
      await turn();
    }
    expect(chunks).toBeGreaterThan(held);
    client.dispose();
  });

  it("re-seeds: the same seed replays the same trace, another seed a different one", async () => {
    const worker = new LoopbackWorker();
    const client = new SimClient(worker);
    const firstTimes = async (run: () => void) => {
      run();
      await until(() => client.player.horizonS >= 0.005);
      const times: number[] = [];
      client.player.visitRange(-1, 0.005, (c, i) => times.push(c.timeS[i] as number));
      return times;
    };
    const a = await firstTimes(() => client.start({ scenario: {}, seed: 21, options: { chunk_records: 128 } }));
    const b = await firstTimes(() => client.reseed(22));
    const c = await firstTimes(() => client.reseed(21));
    expect(a.length).toBeGreaterThan(10);
    expect(c).toEqual(a);
    expect(b).not.toEqual(a);
    client.dispose();
  });

  it("reports a rejected scenario with its fields and a stop once", async () => {
    const worker = new LoopbackWorker();
    const events: string[] = [];
    const listener: SimClientListener = {
      rejected: (errors) => events.push(`rejected ${errors.map((e) => e.field).join(",")}`),
      stopped: () => events.push("stopped"),
    };
    const client = new SimClient(worker, { listener });
    client.start({ scenario: { workload: { requesters: -2 } }, seed: 1 });
    await until(() => events.length > 0);
    expect(events).toEqual(["rejected workload.requesters"]);
    client.start({ scenario: {}, seed: 1 });
    await until(() => client.player.horizonS > 0);
    client.stop();
    client.stop();
    await until(() => events.length > 1);
    expect(events).toEqual(["rejected workload.requesters", "stopped"]);
    client.dispose();
  });

  it("answers a steady-state request for the current run", async () => {
    const worker = new LoopbackWorker();
    const client = new SimClient(worker);
    client.start({ scenario: {}, seed: 1, options: { trace: false } });
    await until(() => client.player.horizonS > 0.01);
    const m = await client.steadyState();
    expect(m.events).toBeGreaterThan(0);
    const unanswered = client.steadyState();
    client.stop();
    await expect(unanswered).rejects.toThrow(/stopped/);
    expect(client.runPhase).toBe("stopped");
    await expect(client.steadyState()).rejects.toThrow(/stopped/);
    client.dispose();
  });

  it("keeps the run's time series for the charts in a bounded window", async () => {
    const worker = new LoopbackWorker();
    const client = new SimClient(worker, { maxSeriesSamples: 30 });
    client.start({ scenario: {}, seed: 2, options: { series_interval_s: 0.001 }, stream: { maxUnackedChunks: 1e6 } });
    await until(() => client.player.horizonS >= 0.05);
    const { names, timeS, values } = client.series;
    expect(names.length).toBeGreaterThan(0);
    expect(timeS.length).toBe(30);
    expect(values.every((row) => row.length === names.length)).toBe(true);
    expect(timeS.every((t, i) => i === 0 || t > (timeS[i - 1] as number))).toBe(true);
    expect(timeS[timeS.length - 1]).toBeLessThanOrEqual(client.player.horizonS);
    expect(client.series.column(names[0] as string)?.values).toHaveLength(30);
    expect(client.series.column("no such series")).toBeUndefined();
    client.dispose();
  });
});

describe("series window", () => {
  it("drops the oldest samples past its capacity and restarts when the names change", () => {
    const w = new SeriesWindow(3);
    w.append({
      names: ["a", "b"],
      interval_s: 1,
      time_s: [1, 2],
      values: [
        [1, 10],
        [2, 20],
      ],
    });
    w.append({
      names: ["a", "b"],
      interval_s: 1,
      time_s: [3, 4],
      values: [
        [3, 30],
        [4, 40],
      ],
    });
    expect(w.timeS).toEqual([2, 3, 4]);
    expect(w.column("b")?.values).toEqual([20, 30, 40]);
    w.append({ names: ["c"], interval_s: 1, time_s: [5], values: [[5]] });
    expect([w.names, w.timeS]).toEqual([["c"], [5]]);
    expect(() => new SeriesWindow(0)).toThrow(RangeError);
  });
});
