/**
 * Plays received trace chunks against a simulated-time playhead, framework-free: the renderer
 * calls `tick(wallSeconds, visit)` once per frame and is handed, in order, every record the
 * playhead passed. Play, pause, any positive speed and scrubbing to any buffered time.
 *
 * Memory is bounded: at most `maxRecords` records are buffered; the oldest chunks go first (those
 * already played, kept until then for scrubbing back). Each chunk is reported consumed once the
 * playhead has passed all of its records (or it was dropped), which is what the client
 * acknowledges to the worker — so a paused or slow player holds the worker back.
 */
import type { StreamedChunk, TraceColumns } from "./sim-protocol";

/** Called for each record the playhead passes: the chunk's columns and the record's index. */
export type RecordVisitor = (columns: TraceColumns, index: number) => void;

/** `playing` moves with the clock; `buffering` wants to but has reached the last received time. */
export type PlaybackState = "paused" | "playing" | "buffering";

/** Player settings. */
export interface TracePlayerOptions {
  /** Records kept at most (played history for scrubbing plus what is still to play). */
  readonly maxRecords: number;
  /** Told the highest chunk sequence number wholly consumed, each time it grows. */
  readonly onConsumed?: (seq: number) => void;
}

interface Buffered {
  readonly seq: number;
  readonly columns: TraceColumns;
  readonly length: number;
  readonly startS: number;
  readonly endS: number;
}

/** First index in `times` whose value is greater than `t` (binary search). */
function firstAfter(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Playback of a streamed trace. */
export class TracePlayer {
  private chunks: Buffered[] = [];
  private records = 0;
  private horizon = 0;
  private playhead = 0;
  /** Next record to visit: chunk position in `chunks` and index within it. */
  private cursorChunk = 0;
  private cursorIndex = 0;
  private playing = false;
  private rate = 1;
  private consumedSeq = 0;
  private skipped = 0;
  private readonly maxRecords: number;

  constructor(private readonly options: TracePlayerOptions) {
    if (!(Number.isInteger(options.maxRecords) && options.maxRecords >= 1)) {
      throw new RangeError(`maxRecords must be an integer >= 1, got ${options.maxRecords}`);
    }
    this.maxRecords = options.maxRecords;
  }

  /** Simulated time at the playhead, seconds. */
  get timeS(): number {
    return this.playhead;
  }

  /** Every record up to this simulated time has been received. */
  get horizonS(): number {
    return this.horizon;
  }

  /** Earliest time one can scrub back to. */
  get bufferedFromS(): number {
    return this.chunks[0]?.startS ?? this.playhead;
  }

  /** Records held now (never more than `maxRecords`, bar a single larger chunk). */
  get bufferedRecords(): number {
    return this.records;
  }

  /** Records dropped before they were played (the buffer overflowed while paused or slow). */
  get skippedRecords(): number {
    return this.skipped;
  }

  /** Playback speed: simulated seconds per wall-clock second. */
  get speed(): number {
    return this.rate;
  }

  /** Whether the player is paused, playing, or waiting for more of the trace. */
  get state(): PlaybackState {
    if (!this.playing) return "paused";
    return this.playhead >= this.horizon ? "buffering" : "playing";
  }

  play(): void {
    this.playing = true;
  }

  pause(): void {
    this.playing = false;
  }

  /** Sets simulated seconds per wall-clock second (e.g. 1e-4 to watch single messages). */
  setSpeed(simulatedSecondsPerSecond: number): void {
    if (!(Number.isFinite(simulatedSecondsPerSecond) && simulatedSecondsPerSecond > 0)) {
      throw new RangeError(`speed must be a finite number > 0, got ${simulatedSecondsPerSecond}`);
    }
    this.rate = simulatedSecondsPerSecond;
  }

  /** Adds a received chunk (chunks arrive in sequence order) and drops the oldest past the bound. */
  push(chunk: StreamedChunk): void {
    const { timeS } = chunk.columns;
    const length = timeS.length;
    if (length === 0) {
      this.consume(chunk.seq);
      return;
    }
    const startS = timeS[0] as number;
    const endS = timeS[length - 1] as number;
    this.chunks.push({ seq: chunk.seq, columns: chunk.columns, length, startS, endS });
    this.records += length;
    this.horizon = Math.max(this.horizon, endS);
    while (this.records > this.maxRecords && this.chunks.length > 1) this.dropOldest();
  }

  /** The worker says every record up to `horizonS` has been sent. */
  setHorizon(horizonS: number): void {
    if (horizonS > this.horizon) this.horizon = horizonS;
  }

  /**
   * Moves the playhead by `wallSeconds` at the current speed (not past the horizon) when playing,
   * and visits every record it passed, in order. Returns the number of records visited.
   */
  tick(wallSeconds: number, visit?: RecordVisitor): number {
    if (this.playing && wallSeconds > 0) {
      this.playhead = Math.min(this.horizon, this.playhead + wallSeconds * this.rate);
    }
    return this.visitToPlayhead(visit);
  }

  /**
   * Moves the playhead to `timeS`, clamped to what is buffered; records at or before it count as
   * played. Use `visitRange` to rebuild the scene around the new time.
   */
  seek(timeS: number): void {
    if (Number.isNaN(timeS)) return;
    const t = Math.min(Math.max(timeS, this.bufferedFromS), this.horizon);
    this.playhead = t;
    let k = 0;
    while (k < this.chunks.length && (this.chunks[k] as Buffered).endS <= t) k++;
    this.cursorChunk = k;
    this.cursorIndex = k < this.chunks.length ? firstAfter((this.chunks[k] as Buffered).columns.timeS, t) : 0;
    this.acknowledge();
  }

  /** Visits buffered records with `fromS < time <= toS`, in order, without moving the playhead. */
  visitRange(fromS: number, toS: number, visit: RecordVisitor): number {
    let visited = 0;
    for (const c of this.chunks) {
      if (c.endS <= fromS) continue;
      if (c.startS > toS) break;
      const times = c.columns.timeS;
      for (let i = firstAfter(times, fromS); i < c.length && (times[i] as number) <= toS; i++) {
        visit(c.columns, i);
        visited++;
      }
    }
    return visited;
  }

  /** Forgets everything (a new run starts). */
  reset(): void {
    this.chunks = [];
    this.records = 0;
    this.horizon = 0;
    this.playhead = 0;
    this.cursorChunk = 0;
    this.cursorIndex = 0;
    this.consumedSeq = 0;
    this.skipped = 0;
  }

  private visitToPlayhead(visit: RecordVisitor | undefined): number {
    let visited = 0;
    while (this.cursorChunk < this.chunks.length) {
      const c = this.chunks[this.cursorChunk] as Buffered;
      const times = c.columns.timeS;
      let i = this.cursorIndex;
      while (i < c.length && (times[i] as number) <= this.playhead) {
        visit?.(c.columns, i);
        i++;
      }
      visited += i - this.cursorIndex;
      this.cursorIndex = i;
      if (i < c.length) break;
      this.cursorChunk++;
      this.cursorIndex = 0;
    }
    this.acknowledge();
    return visited;
  }

  /** Reports the newest chunk wholly behind the cursor as consumed. */
  private acknowledge(): void {
    const done = this.cursorChunk - 1;
    if (done >= 0) this.consume((this.chunks[done] as Buffered).seq);
  }

  private consume(seq: number): void {
    if (seq > this.consumedSeq) {
      this.consumedSeq = seq;
      this.options.onConsumed?.(seq);
    }
  }

  private dropOldest(): void {
    const oldest = this.chunks.shift() as Buffered;
    this.records -= oldest.length;
    if (this.cursorChunk > 0) {
      this.cursorChunk--;
    } else {
      // Unplayed records are lost: the playhead jumps to the next chunk so playback goes on.
      this.skipped += oldest.length - this.cursorIndex;
      this.cursorIndex = 0;
      const next = this.chunks[0] as Buffered;
      this.playhead = Math.max(this.playhead, Math.min(next.startS, this.horizon));
    }
    this.consume(oldest.seq);
  }
}
