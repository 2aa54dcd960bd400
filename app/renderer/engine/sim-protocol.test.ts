import { describe, expect, it } from "vitest";
import { chunkLength, isToWorker, isWellFormed, type TraceColumns, TraceKind, transferablesOf } from "./sim-protocol";

function columns(times: number[]): TraceColumns {
  const n = times.length;
  return {
    timeS: Float64Array.from(times),
    message: new Uint32Array(n),
    from: new Uint16Array(n),
    to: new Uint16Array(n),
    kind: new Uint8Array(n),
    bytes: new Uint32Array(n),
  };
}

describe("simulation worker protocol", () => {
  it("accepts only well-formed client messages", () => {
    expect(isToWorker({ type: "start", run: 1, scenario: {}, seed: 3 })).toBe(true);
    expect(isToWorker({ type: "ack", run: 1, seq: 4 })).toBe(true);
    expect(isToWorker({ type: "stop", run: 2 })).toBe(true);
    expect(isToWorker({ type: "ack", run: 1 })).toBe(false);
    expect(isToWorker({ type: "start", run: 1, scenario: {} })).toBe(false);
    expect(isToWorker({ type: "launch", run: 1 })).toBe(false);
    expect(isToWorker({ type: "stop", run: "1" })).toBe(false);
    expect(isToWorker(null)).toBe(false);
    expect(isToWorker("stop")).toBe(false);
  });

  it("lists each column's buffer once for transfer", () => {
    const c = columns([1, 2, 3]);
    const buffers = transferablesOf(c);
    expect(buffers).toHaveLength(6);
    expect(new Set(buffers).size).toBe(6);
    const moved = structuredClone(c, { transfer: buffers });
    expect(chunkLength(moved)).toBe(3);
    expect(c.timeS.length).toBe(0); // the sender's arrays are detached, not copied
  });

  it("tells a well-formed chunk from one with ragged columns or time going backwards", () => {
    expect(isWellFormed(columns([1, 1, 2]))).toBe(true);
    expect(isWellFormed(columns([2, 1]))).toBe(false);
    expect(isWellFormed({ ...columns([1, 2]), kind: new Uint8Array(1) })).toBe(false);
  });

  it("numbers trace kinds as the core does", () => {
    // Codes are part of the trace format (wasm-core/src/sim/trace.rs `TraceKind`).
    expect([TraceKind.move, TraceKind.put, TraceKind.commit, TraceKind.ioEnd, TraceKind.channelBatch]).toEqual([
      0, 1, 3, 8, 10,
    ]);
  });
});
