import { describe, expect, it } from "vitest";
import type { StreamedChunk, TraceColumns } from "./sim-protocol";
import { TracePlayer } from "./trace-player";

/** A chunk whose records are at `times`, message ids from `firstMessage` on. */
function chunk(seq: number, times: number[], firstMessage = 0): StreamedChunk {
  const n = times.length;
  return {
    seq,
    columns: {
      timeS: Float64Array.from(times),
      message: Uint32Array.from({ length: n }, (_, i) => firstMessage + i),
      from: new Uint16Array(n),
      to: new Uint16Array(n).fill(1),
      kind: new Uint8Array(n).fill(1),
      bytes: new Uint32Array(n).fill(1000),
    },
  };
}

/** Message ids visited by one call. */
function collect(f: (visit: (c: TraceColumns, i: number) => void) => unknown): number[] {
  const ids: number[] = [];
  f((c, i) => ids.push(c.message[i] as number));
  return ids;
}

describe("trace player", () => {
  it("plays records in order as the playhead passes them, at the set speed", () => {
    const p = new TracePlayer({ maxRecords: 100 });
    p.push(chunk(1, [0.1, 0.2, 0.3], 0));
    p.push(chunk(2, [0.4, 0.5], 3));
    p.setHorizon(1);
    expect(p.state).toBe("paused");
    expect(p.tick(10)).toBe(0); // paused: no time passes
    p.play();
    p.setSpeed(0.1); // 0.1 simulated s per wall s
    expect(collect((v) => p.tick(2.5, v))).toEqual([0, 1]);
    expect(p.timeS).toBeCloseTo(0.25, 12);
    expect(collect((v) => p.tick(2, v))).toEqual([2, 3]);
    p.pause();
    expect(collect((v) => p.tick(100, v))).toEqual([]);
    p.play();
    expect(collect((v) => p.tick(100, v))).toEqual([4]);
  });

  it("never runs past what it has received and says it is buffering", () => {
    const p = new TracePlayer({ maxRecords: 100 });
    p.push(chunk(1, [0.1, 0.2]));
    p.play();
    p.tick(10);
    expect(p.timeS).toBe(0.2);
    expect(p.state).toBe("buffering");
    p.setHorizon(0.3);
    expect(p.state).toBe("playing");
  });

  it("plays records with equal times that arrive in the next chunk", () => {
    const p = new TracePlayer({ maxRecords: 100 });
    p.push(chunk(1, [0.1, 0.2], 0));
    p.play();
    expect(collect((v) => p.tick(1, v))).toEqual([0, 1]);
    p.push(chunk(2, [0.2, 0.2, 0.3], 2));
    expect(collect((v) => p.tick(0, v))).toEqual([2, 3]);
  });

  it("reports each chunk consumed once its last record is played", () => {
    const consumed: number[] = [];
    const p = new TracePlayer({ maxRecords: 100, onConsumed: (s) => consumed.push(s) });
    p.push(chunk(1, [0.1, 0.2]));
    p.push(chunk(2, [0.3, 0.4]));
    p.play();
    p.tick(0.15);
    expect(consumed).toEqual([]);
    p.tick(0.05);
    expect(consumed).toEqual([1]);
    p.tick(1);
    expect(consumed).toEqual([1, 2]);
  });

  it("scrubs back and forth within the buffer, clamped to it", () => {
    const p = new TracePlayer({ maxRecords: 100 });
    p.push(chunk(1, [1, 2, 3], 0));
    p.push(chunk(2, [4, 5, 6], 3));
    p.play();
    p.tick(10);
    p.seek(2.5);
    expect(p.timeS).toBe(2.5);
    expect(collect((v) => p.tick(2, v))).toEqual([2, 3]); // 3.0 and 4.0
    p.seek(-100);
    expect(p.timeS).toBe(1);
    expect(collect((v) => p.tick(0, v))).toEqual([]); // the record at the seek time counts as played
    p.seek(100);
    expect(p.timeS).toBe(6);
    expect(collect((v) => p.visitRange(1.5, 4, v))).toEqual([1, 2, 3]);
  });

  it("keeps memory bounded by dropping the oldest played chunks first", () => {
    const p = new TracePlayer({ maxRecords: 10 });
    p.play();
    for (let s = 1; s <= 100; s++) {
      p.push(chunk(s, [s, s + 0.25, s + 0.5, s + 0.75], s * 4));
      p.tick(1);
      expect(p.bufferedRecords).toBeLessThanOrEqual(10);
    }
    expect(p.bufferedFromS).toBeGreaterThan(90);
    expect(p.skippedRecords).toBe(0);
  });

  it("drops unplayed records when paused too long, acknowledging them so the stream goes on", () => {
    const consumed: number[] = [];
    const p = new TracePlayer({ maxRecords: 4, onConsumed: (s) => consumed.push(s) });
    p.push(chunk(1, [1, 2], 0));
    p.push(chunk(2, [3, 4], 2));
    p.push(chunk(3, [5, 6], 4));
    expect(p.bufferedRecords).toBe(4);
    expect(p.skippedRecords).toBe(2);
    expect(consumed).toEqual([1]);
    p.play();
    expect(collect((v) => p.tick(1.5, v))).toEqual([2, 3]); // resumes at the next chunk's start
  });

  it("refuses a speed that is not a positive finite number", () => {
    const p = new TracePlayer({ maxRecords: 1 });
    expect(() => p.setSpeed(0)).toThrow(RangeError);
    expect(() => p.setSpeed(Number.NaN)).toThrow(RangeError);
    expect(() => p.setSpeed(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => new TracePlayer({ maxRecords: 0 })).toThrow(RangeError);
  });

  it("starts afresh on reset", () => {
    const consumed: number[] = [];
    const p = new TracePlayer({ maxRecords: 100, onConsumed: (s) => consumed.push(s) });
    p.push(chunk(5, [1, 2]));
    p.play();
    p.tick(5);
    p.reset();
    expect([p.timeS, p.horizonS, p.bufferedRecords]).toEqual([0, 0, 0]);
    p.push(chunk(1, [0.5]));
    p.tick(1);
    expect(consumed).toEqual([5, 1]);
  });
});
