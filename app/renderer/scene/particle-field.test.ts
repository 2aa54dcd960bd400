import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import { Simulation } from "../engine/pkg/mqpx.js";
import { type TopologyNode, type TraceColumns, TraceKind } from "../engine/sim-protocol";
import { openSimulation } from "../engine/simulation";
import { TracePlayer } from "../engine/trace-player";
import {
  COMMIT_SCALE,
  effectOf,
  flightPoint,
  MAX_STACK,
  ParticleField,
  ParticleStyle,
  particleScale,
  RecordEffect,
  scaleOf,
  styleOf,
  WaitStyle,
} from "./particle-field";
import { layoutTopology } from "./topology-layout";

const engine = nodeEngine();

/** A small topology: two tasks, a queue, the log path with two data sets. */
const NODES: TopologyNode[] = [
  { id: 0, kind: "application", label: "requester 1" },
  { id: 1, kind: "application", label: "server 1" },
  { id: 2, kind: "queue", label: "queue 1" },
  { id: 3, kind: "log_buffer", label: "log buffer" },
  { id: 4, kind: "logger", label: "logger" },
  { id: 5, kind: "channel_path", label: "channel path 1" },
  { id: 6, kind: "log_data_set", label: "log copy 1 stripe 1" },
  { id: 7, kind: "log_data_set", label: "log copy 2 stripe 1" },
];

type Row = [timeS: number, message: number, from: number, to: number, kind: number, bytes: number];

/** Trace columns holding `rows`. */
function columns(rows: readonly Row[]): TraceColumns {
  return {
    timeS: Float64Array.from(rows, (r) => r[0]),
    message: Uint32Array.from(rows, (r) => r[1]),
    from: Uint16Array.from(rows, (r) => r[2]),
    to: Uint16Array.from(rows, (r) => r[3]),
    kind: Uint8Array.from(rows, (r) => r[4]),
    bytes: Uint32Array.from(rows, (r) => r[5]),
  };
}

function fieldWith(rows: readonly Row[], flightS = 10e-6, capacity = 64): ParticleField {
  const field = new ParticleField(capacity);
  field.setTopology(layoutTopology(NODES));
  field.configure({ persistent: true, messageSizeBytes: 2048, flightS });
  const c = columns(rows);
  for (let i = 0; i < rows.length; i++) field.apply(c, i);
  return field;
}

describe("mapping a trace record to what is drawn", () => {
  it("flies hand-offs, holds I/O legs until their end, and turns waits into stacks", () => {
    expect(effectOf(TraceKind.put, "application")).toBe(RecordEffect.flight);
    expect(effectOf(TraceKind.get, "queue")).toBe(RecordEffect.flight);
    expect(effectOf(TraceKind.move, "log_buffer")).toBe(RecordEffect.flight);
    expect(effectOf(TraceKind.asyncIoStart, "logger")).toBe(RecordEffect.flight);
    expect(effectOf(TraceKind.asyncIoStart, "channel_path")).toBe(RecordEffect.io);
    expect(effectOf(TraceKind.syncIoStart, "pfid")).toBe(RecordEffect.io);
    expect(effectOf(TraceKind.ioEnd, "log_data_set")).toBe(RecordEffect.ioEnd);
    expect(effectOf(TraceKind.waitStart, "application")).toBe(RecordEffect.waitStart);
    expect(effectOf(TraceKind.waitEnd, "log_buffer")).toBe(RecordEffect.waitEnd);
    // A kind added to the core later still moves from its source to its destination.
    expect(effectOf(200, "application")).toBe(RecordEffect.flight);
  });

  it("colours messages by persistence and log writes by their path", () => {
    // A put or get that logs bytes is a persistent message's, whatever the scenario flag says.
    expect(styleOf(TraceKind.put, "application", 0, true)).toBe(ParticleStyle.message);
    expect(styleOf(TraceKind.put, "application", 2688, false)).toBe(ParticleStyle.persistentMessage);
    expect(styleOf(TraceKind.get, "queue", 640, false)).toBe(ParticleStyle.persistentMessage);
    expect(styleOf(TraceKind.move, "log_buffer", 300_000, false)).toBe(ParticleStyle.logWrite);
    expect(styleOf(TraceKind.move, "application", 0, false)).toBe(ParticleStyle.message);
    expect(styleOf(TraceKind.move, "channel", 0, true)).toBe(ParticleStyle.persistentMessage);
    expect(styleOf(TraceKind.syncIoStart, "pfid", 4096, true)).toBe(ParticleStyle.syncIo);
    expect(styleOf(TraceKind.asyncIoStart, "channel_path", 4096, true)).toBe(ParticleStyle.asyncIo);
    expect(styleOf(TraceKind.commit, "application", 0, true)).toBe(ParticleStyle.commit);
    expect(styleOf(200, "application", 0, true)).toBe(ParticleStyle.other);
  });

  it("draws every record kind the core writes in a style of its own, never the unknown one", () => {
    const drawnAsParticles = Object.values(TraceKind).filter(
      (k) => effectOf(k, "application") === RecordEffect.flight || effectOf(k, "pfid") === RecordEffect.io,
    );
    // Waits and I/O ends change stacks and landings; every other kind flies as a particle.
    expect(drawnAsParticles.length).toBe(Object.keys(TraceKind).length - 3);
    for (const k of drawnAsParticles) expect(styleOf(k, "application", 0, true)).not.toBe(ParticleStyle.other);
    // The coupling facility's three legs are told apart: spun-for, asynchronous, and the answer.
    const cf = [TraceKind.cfRequest, TraceKind.cfAsyncRequest, TraceKind.cfReply].map((k) =>
      styleOf(k, "application", 0, false),
    );
    expect(new Set(cf).size).toBe(3);
  });

  it("sizes a message by the message, a log write by the bytes it gathered", () => {
    expect(particleScale(512 * 1024)).toBeGreaterThan(particleScale(4096));
    expect(particleScale(100 * 1024 * 1024)).toBeGreaterThan(particleScale(512 * 1024));
    // A put or get carries the bytes it logs (0 when non-persistent); the message itself is drawn.
    expect(scaleOf(TraceKind.put, 0, 1_048_576)).toBe(particleScale(1_048_576));
    expect(scaleOf(TraceKind.get, 640, 1_048_576)).toBe(particleScale(1_048_576));
    expect(scaleOf(TraceKind.put, 0, 1_048_576)).toBeGreaterThan(scaleOf(TraceKind.put, 0, 1024));
    expect(scaleOf(TraceKind.move, 300_000, 1024)).toBe(particleScale(300_000));
    expect(scaleOf(TraceKind.asyncIoStart, 300_000, 1024)).toBe(particleScale(300_000));
    expect(scaleOf(TraceKind.move, 0, 8192)).toBe(particleScale(8192));
    expect(scaleOf(TraceKind.commit, 0, 1_048_576)).toBe(COMMIT_SCALE);
  });

  it("arcs a flight from its source to its destination, above both", () => {
    const out = new Float32Array(9);
    flightPoint(-2, 1, 4, -3, 0, out, 0);
    flightPoint(-2, 1, 4, -3, 0.5, out, 3);
    flightPoint(-2, 1, 4, -3, 1, out, 6);
    expect([out[0], out[2]]).toEqual([-2, 1]);
    expect([out[6], out[8]]).toEqual([4, -3]);
    expect([out[3], out[5]]).toEqual([1, -1]);
    expect(out[4]).toBeGreaterThan(out[1] as number);
    expect(out[4]).toBeGreaterThan(out[7] as number);
    // Progress outside 0..1 stays at the ends.
    flightPoint(-2, 1, 4, -3, 1.7, out, 0);
    expect([out[0], out[2]]).toEqual([4, -3]);
  });
});

describe("particle field", () => {
  it("moves a put from the task to the queue over the flight time, then lets it go", () => {
    const field = fieldWith([[1e-3, 7, 0, 2, TraceKind.put, 2688]], 10e-6);
    const layout = layoutTopology(NODES);
    field.update(1e-3 + 5e-6);
    expect(field.liveCount).toBe(1);
    const x = field.positions[0] as number;
    expect(x).toBeGreaterThan(layout.positions[0] as number);
    expect(x).toBeLessThan(layout.positions[3 * 2] as number);
    expect(field.scales[0]).toBeCloseTo(particleScale(2048), 6);
    expect(field.styles[0]).toBe(ParticleStyle.persistentMessage);
    field.update(1e-3 + 10e-6);
    expect(field.liveCount).toBe(0);
  });

  it("keeps a log write's legs in flight until the write's end record, then learns its duration", () => {
    const rows: Row[] = [
      [0, 1, 3, 4, TraceKind.move, 300_000],
      [0, 1, 4, 5, TraceKind.asyncIoStart, 300_000],
      [0, 1, 5, 6, TraceKind.asyncIoStart, 300_000],
      [0, 1, 5, 7, TraceKind.asyncIoStart, 300_000],
    ];
    const field = fieldWith(rows, 1e-6);
    const before = field.expectedIoS;
    // Long after every hand-off has landed, the two data set legs are still writing.
    field.update(150e-6);
    expect(field.liveCount).toBe(2);
    expect([field.styles[0], field.styles[1]]).toEqual([ParticleStyle.asyncIo, ParticleStyle.asyncIo]);
    // The end of another write (or of this write on another logger) does not land them.
    field.apply(columns([[160e-6, 2, 6, 4, TraceKind.ioEnd, 1]]), 0);
    field.apply(columns([[170e-6, 1, 6, 3, TraceKind.ioEnd, 1]]), 0);
    field.update(180e-6);
    expect(field.liveCount).toBe(2);
    field.apply(columns([[400e-6, 1, 6, 4, TraceKind.ioEnd, 300_000]]), 0);
    field.update(400e-6);
    expect(field.liveCount).toBe(0);
    // A 400 µs write moves the expected duration from its first guess towards 400 µs.
    expect(field.expectedIoS).toBeGreaterThan(before);
    expect(field.expectedIoS).toBeLessThan(400e-6);
  });

  it("flies a write's legs for exactly the I/O's time when its end record is in the same chunk", () => {
    const layout = layoutTopology(NODES);
    const ahead = new ParticleField(16);
    ahead.setTopology(layout);
    ahead.configure({ persistent: true, messageSizeBytes: 2048, flightS: 1e-6 });
    const c = columns([
      [0, 1, 3, 4, TraceKind.move, 300_000],
      [0, 1, 4, 5, TraceKind.syncIoStart, 300_000],
      [0, 1, 5, 6, TraceKind.syncIoStart, 150_000],
      [10e-6, 9, 0, 2, TraceKind.put, 0],
      [80e-6, 1, 6, 4, TraceKind.ioEnd, 300_000],
    ]);
    for (let i = 0; i < 3; i++) ahead.apply(c, i);
    ahead.update(40e-6);
    expect(ahead.liveCount).toBe(1);
    expect(ahead.styles[0]).toBe(ParticleStyle.syncIo);
    // Half-way through the 80 µs write, half-way from the path to the data set.
    const midX = ((layout.positions[3 * 5] as number) + (layout.positions[3 * 6] as number)) / 2;
    expect(ahead.positions[0]).toBeCloseTo(midX, 5);
    ahead.update(80e-6);
    expect(ahead.liveCount).toBe(0);
  });

  it("stacks waiting tasks above the node they wait at until their next record", () => {
    const field = fieldWith([
      [0, 1, 0, 2, TraceKind.waitStart, 0],
      [0, 2, 1, 2, TraceKind.waitStart, 0],
      [1e-6, 3, 0, 3, TraceKind.waitStart, 0],
    ]);
    field.update(2e-6);
    // Task 0 moved on from the queue to wait for the log: one waits at the queue, one at the log.
    expect(field.waitingTasks).toBe(2);
    expect(field.waitCount).toBe(2);
    const styles = [field.waitStyles[0], field.waitStyles[1]].sort();
    expect(styles).toEqual([WaitStyle.queue, WaitStyle.log].sort());
    // Task 1 gets its message: its wait ends with the get that reaches it.
    field.apply(columns([[3e-6, 2, 2, 1, TraceKind.get, 0]]), 0);
    field.update(3e-6);
    expect(field.waitingTasks).toBe(1);
    expect(field.waitStyles[0]).toBe(WaitStyle.log);
    field.apply(columns([[4e-6, 3, 3, 0, TraceKind.waitEnd, 0]]), 0);
    field.update(4e-6);
    expect(field.waitingTasks).toBe(0);
    expect(field.waitCount).toBe(0);
  });

  it("draws a stack one marker higher per waiting task, up to its cap", () => {
    const nodes: TopologyNode[] = [{ id: 0, kind: "queue", label: "queue" }];
    for (let i = 1; i <= MAX_STACK + 5; i++) nodes.push({ id: i, kind: "application", label: `task ${i}` });
    const field = new ParticleField(8);
    field.setTopology(layoutTopology(nodes));
    const rows: Row[] = nodes.slice(1).map((n) => [0, n.id, n.id, 0, TraceKind.waitStart, 0]);
    const c = columns(rows);
    for (let i = 0; i < rows.length; i++) field.apply(c, i);
    field.update(0);
    expect(field.waitingTasks).toBe(MAX_STACK + 5);
    expect(field.waitCount).toBe(MAX_STACK);
    const heights = Array.from({ length: field.waitCount }, (_, k) => field.waitPositions[3 * k + 1] as number);
    for (let k = 1; k < heights.length; k++) expect(heights[k]).toBeGreaterThan(heights[k - 1] as number);
  });

  it("never holds more particles than its pool, and skips records naming unknown nodes", () => {
    const rows: Row[] = Array.from({ length: 50 }, (_, i) => [i * 1e-7, i, 0, 2, TraceKind.put, 1000] as Row);
    rows.push([5e-6, 99, 0, 4000, TraceKind.put, 1000]);
    const field = fieldWith(rows, 1e-3, 8);
    field.update(6e-6);
    expect(field.liveCount).toBe(8);
    expect(field.recordsApplied).toBe(50);
    field.reset();
    field.update(6e-6);
    expect(field.liveCount).toBe(0);
  });

  it("plays the core's persistent trace: messages fly, one write per copy and stripe, tasks wait for the log", () => {
    const scenario = engine.defaultScenario() as unknown as {
      workload: Record<string, unknown>;
      log: Record<string, unknown>;
    };
    Object.assign(scenario.workload, { persistence: "persistent", requesters: 4, servers: 4, queue_pairs: 2 });
    Object.assign(scenario.log, { copies: 2, stripes: 2, io_mode: "ficon" });
    const sim = openSimulation(Simulation, scenario, 3, { chunk_records: 512 });
    const topology = sim.topology();
    sim.advance(0.02);
    sim.flush();
    const player = new TracePlayer({ maxRecords: 1_000_000 });
    let seq = 0;
    for (let c = sim.takeChunk(); c !== undefined; c = sim.takeChunk()) player.push({ seq: ++seq, columns: c });
    sim.free();
    const layout = layoutTopology(topology.nodes);
    const field = new ParticleField(4096);
    field.setTopology(layout);
    field.configure({ persistent: true, messageSizeBytes: 2048, flightS: 5e-6 });
    player.setSpeed(1);
    player.play();
    let maxIoLegs = 0;
    let sawWaitForLog = false;
    let sawMessage = false;
    const [minX, minZ, maxX, maxZ] = layout.bounds;
    for (let step = 0; step < 2000; step++) {
      player.tick(5e-6, field.apply);
      field.update(player.timeS);
      let ioLegs = 0;
      for (let k = 0; k < field.liveCount; k++) {
        const style = field.styles[k];
        if (style === ParticleStyle.asyncIo) ioLegs++;
        if (style === ParticleStyle.persistentMessage) sawMessage = true;
        const x = field.positions[3 * k] as number;
        const z = field.positions[3 * k + 2] as number;
        expect(x >= minX && x <= maxX && z >= minZ && z <= maxZ).toBe(true);
      }
      maxIoLegs = Math.max(maxIoLegs, ioLegs);
      for (let k = 0; k < field.waitCount; k++) if (field.waitStyles[k] === WaitStyle.log) sawWaitForLog = true;
    }
    expect(player.timeS).toBeGreaterThan(0.009);
    expect(sawMessage).toBe(true);
    expect(sawWaitForLog).toBe(true);
    // Each write goes to both copies of each stripe it spans; one write at a time per logger.
    expect(maxIoLegs).toBeGreaterThanOrEqual(2);
    expect(maxIoLegs).toBeLessThanOrEqual(2 * 2);
    // The duration learnt from the trace is a DASD write's order, not the initial guess kept.
    expect(field.expectedIoS).toBeGreaterThan(20e-6);
    expect(field.expectedIoS).toBeLessThan(5e-3);
  });
});

describe("particle field under load", () => {
  it("keeps a saturated pool cheap: reusing slots rather than sweeping the pool for every record", () => {
    const field = new ParticleField(4096);
    field.setTopology(layoutTopology(NODES));
    field.configure({ persistent: false, messageSizeBytes: 2048, flightS: 1 });
    const rows: Row[] = Array.from({ length: 50_000 }, (_, i) => [i * 1e-6, i, 0, 2, TraceKind.put, 0] as Row);
    const c = columns(rows);
    const started = performance.now();
    for (let i = 0; i < rows.length; i++) field.apply(c, i);
    const elapsedMs = performance.now() - started;
    field.update(0.05);
    expect(field.liveCount).toBe(4096);
    // A sweep per record would take 50,000 x 4,096 steps, seconds rather than milliseconds.
    expect(elapsedMs).toBeLessThan(150);
  });
});
