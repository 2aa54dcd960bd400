/**
 * The simulation's trace turned into what the scene draws, free of WebGL so it can be tested:
 * each trace record the playhead passes becomes a particle flying from its `from` node to its `to`
 * node, a log write's I/O flies for exactly as long as the simulated I/O took (its end record is
 * looked up ahead in the trace; when it is not there yet the leg is drawn at the duration learnt
 * from earlier writes until the end record arrives), and a task that waits (for a queue's lock or a message, for the
 * logger) stands in a stack above the node it waits at until its next record shows it running.
 *
 * Everything lives in typed arrays of fixed size (a pool of particle slots, one wait slot per
 * node), so playing millions of records allocates nothing. A record is instantaneous in simulated
 * time; a hand-off particle is given `flightS` of simulated time to cross the scene (the caller
 * derives it from the playback speed so a hand-off stays visible on screen).
 */
import type { TraceColumns } from "../engine/sim-protocol";
import { TraceKind } from "../engine/sim-protocol";
import type { TopologyLayout } from "./topology-layout";

/** Colour classes of particles; the scene maps each to a colour. */
export const ParticleStyle = {
  /** A non-persistent message. */
  message: 0,
  /** A persistent message (its put or get writes log records). */
  persistentMessage: 1,
  /** Log records gathered by the logger into one write. */
  logWrite: 2,
  /** A log write on the synchronous zHyperLink path. */
  syncIo: 3,
  /** A log write on the asynchronous FICON/zHPF path. */
  asyncIo: 4,
  /** A commit (carries no data). */
  commit: 5,
  /** A coupling facility request the issuing processor spins for (synchronous). */
  cfRequest: 6,
  /** A channel batch. */
  channelBatch: 7,
  /** A record kind this renderer does not know yet. */
  other: 8,
  /** A coupling facility request gone asynchronous: its processor was released to other work. */
  cfAsyncRequest: 9,
  /** The coupling facility's answer to a request. */
  cfReply: 10,
} as const;

/** A particle style's code. */
export type ParticleStyleCode = (typeof ParticleStyle)[keyof typeof ParticleStyle];

/** What a record does to the scene. */
export const RecordEffect = {
  /** A particle crosses from `from` to `to` in the flight time. */
  flight: 0,
  /** A log write's particle travels to its data set until the write's end record arrives. */
  io: 1,
  /** The write numbered by the record's message id is complete. */
  ioEnd: 2,
  /** The task `from` starts waiting at node `to`. */
  waitStart: 3,
  /** The task `to` stops waiting. */
  waitEnd: 4,
} as const;

/** A record effect's code. */
export type RecordEffectCode = (typeof RecordEffect)[keyof typeof RecordEffect];

/** What a wait stack stands for; the scene colours it. */
export const WaitStyle = {
  /** Waiting at a queue: for its lock, or for a message to arrive. */
  queue: 0,
  /** Waiting for the logger to force the log. */
  log: 1,
  /** Waiting at any other node. */
  other: 2,
} as const;

/** Roles of nodes that change how a record is drawn. */
const Role = { other: 0, logger: 1, logBuffer: 2, queue: 3 } as const;

function roleOf(kind: string): number {
  switch (kind) {
    case "logger":
      return Role.logger;
    case "log_buffer":
      return Role.logBuffer;
    case "queue":
      return Role.queue;
    default:
      return Role.other;
  }
}

/**
 * How a record of trace kind `kind` is drawn. `fromKind` tells the two legs of a log write
 * apart: logger to I/O path (a hand-off) and I/O path to data set (lasts as long as the I/O).
 */
export function effectOf(kind: number, fromKind: string): RecordEffectCode {
  switch (kind) {
    case TraceKind.waitStart:
      return RecordEffect.waitStart;
    case TraceKind.waitEnd:
      return RecordEffect.waitEnd;
    case TraceKind.ioEnd:
      return RecordEffect.ioEnd;
    case TraceKind.syncIoStart:
    case TraceKind.asyncIoStart:
      return fromKind === "logger" ? RecordEffect.flight : RecordEffect.io;
    default:
      return RecordEffect.flight;
  }
}

/**
 * The colour class of a record's particle. A put or get says itself whether its message is
 * persistent: it carries the bytes it logs, and only a persistent message logs anything. Other
 * message movements take the scenario's `persistent`.
 */
export function styleOf(kind: number, fromKind: string, bytes: number, persistent: boolean): ParticleStyleCode {
  switch (kind) {
    case TraceKind.move:
      if (fromKind === "log_buffer") return ParticleStyle.logWrite;
      return persistent ? ParticleStyle.persistentMessage : ParticleStyle.message;
    case TraceKind.put:
    case TraceKind.get:
      return bytes > 0 ? ParticleStyle.persistentMessage : ParticleStyle.message;
    case TraceKind.commit:
      return ParticleStyle.commit;
    case TraceKind.syncIoStart:
      return ParticleStyle.syncIo;
    case TraceKind.asyncIoStart:
      return ParticleStyle.asyncIo;
    case TraceKind.cfRequest:
      return ParticleStyle.cfRequest;
    case TraceKind.cfAsyncRequest:
      return ParticleStyle.cfAsyncRequest;
    case TraceKind.cfReply:
      return ParticleStyle.cfReply;
    case TraceKind.channelBatch:
      return ParticleStyle.channelBatch;
    default:
      return ParticleStyle.other;
  }
}

/** Radius of a commit's particle: it carries no data, so it is drawn as a spark. */
export const COMMIT_SCALE = 0.07;

/** Particle radius in world units: grows with the log of the bytes so 100 B and 100 MB both show. */
export function particleScale(bytes: number): number {
  const kb = Math.max(bytes, 64) / 1024;
  return 0.08 + 0.05 * Math.log2(1 + kb);
}

/**
 * Radius of a record's particle. A put or get moves the message, so it is drawn at the message's
 * size: the bytes those records carry are the log records they write (0 for a non-persistent
 * message), which reach the scene as the logger's write. Other records are drawn at their bytes
 * (a log write at the bytes it gathered), or at the message's size when they carry none.
 */
export function scaleOf(kind: number, bytes: number, messageSizeBytes: number): number {
  if (kind === TraceKind.commit) return COMMIT_SCALE;
  if (kind === TraceKind.put || kind === TraceKind.get) return particleScale(messageSizeBytes);
  return particleScale(bytes > 0 ? bytes : messageSizeBytes);
}

/** Height of a node's top, where particles leave and land. */
const NODE_TOP_Y = 0.55;

/**
 * Point at progress `p` (0..1) of a flight from (ax, az) to (bx, bz) on the floor plan: a
 * parabolic arc above the nodes, higher for longer hops so crossing flows stay apart. Writes
 * x, y, z into `out` at `at`.
 */
export function flightPoint(
  ax: number,
  az: number,
  bx: number,
  bz: number,
  p: number,
  out: Float32Array,
  at: number,
): void {
  const q = Math.min(1, Math.max(0, p));
  const dx = bx - ax;
  const dz = bz - az;
  const arc = 0.5 + 0.12 * Math.sqrt(dx * dx + dz * dz);
  out[at] = ax + dx * q;
  out[at + 1] = NODE_TOP_Y + 4 * q * (1 - q) * arc;
  out[at + 2] = az + dz * q;
}

/** How the field draws the current run. */
export interface FieldSettings {
  /** Whether the scenario's messages are persistent: the colour of movements whose record does not say. */
  readonly persistent: boolean;
  /** Message size: the size of puts, gets and records that carry no byte count. */
  readonly messageSizeBytes: number;
  /** Simulated seconds a hand-off particle takes to cross from node to node (> 0). */
  readonly flightS: number;
}

/** Waiting tasks drawn per node at most; more are counted but not stacked higher. */
export const MAX_STACK = 12;
/** First guess of a log write's duration, before one has completed (a DASD write's order). */
const INITIAL_IO_S = 200e-6;
/** An I/O whose end record never arrives (it was before a scrub window) is dropped this late. */
const LOST_IO_FACTOR = 50;
/** Share of the expected I/O time a write in flight is drawn at most before its end is known. */
const OPEN_IO_MAX_PROGRESS = 0.95;

/** Particles and wait stacks of a trace at one playhead time. */
export class ParticleField {
  /** Particle slots. */
  readonly capacity: number;
  /** Live particles written by the last `update`: x, y, z at `3 * k` for k < `liveCount`. */
  readonly positions: Float32Array;
  /** Radius of live particle k. */
  readonly scales: Float32Array;
  /** `ParticleStyle` of live particle k. */
  readonly styles: Uint8Array;
  /** Live particles after the last `update`. */
  liveCount = 0;
  /** Wait markers after the last `update`: x, y, z at `3 * k` for k < `waitCount`. */
  waitPositions: Float32Array = new Float32Array(0);
  /** `WaitStyle` of wait marker k. */
  waitStyles: Uint8Array = new Uint8Array(0);
  /** Wait markers after the last `update`. */
  waitCount = 0;
  /** Tasks waiting after the last `update` (including those beyond a stack's drawn height). */
  waitingTasks = 0;
  /** Records applied since the last `reset` (for the status line and tests). */
  recordsApplied = 0;

  private readonly startS: Float64Array;
  private readonly endS: Float64Array;
  private readonly fromNode: Uint16Array;
  private readonly toNode: Uint16Array;
  private readonly radius: Float32Array;
  private readonly style: Uint8Array;
  private readonly alive: Uint8Array;
  /** 1 while a log write's particle waits for its end record. */
  private readonly ioOpen: Uint8Array;
  private readonly ioSeq: Uint32Array;
  private readonly ioLogger: Int32Array;
  private readonly freeSlots: Int32Array;
  private freeCount: number;
  private overwriteNext = 0;
  /** Whether a full pool may be swept for arrived particles before a slot is reused. */
  private sweepAllowed = true;

  private nodeCount = 0;
  private nodeXZ: Float32Array = new Float32Array(0);
  private nodeKinds: readonly string[] = [];
  private nodeRoles: Uint8Array = new Uint8Array(0);
  /** Node each task waits at, or -1. */
  private waitAt: Int32Array = new Int32Array(0);
  private stackHeights: Uint16Array = new Uint16Array(0);
  /** The logger of the write whose legs are being recorded (a write's legs follow each other). */
  private currentIoLogger = -1;
  /** That write's number, and its end time when the end record was found ahead (else NaN). */
  private currentIoSeq = -1;
  private currentIoEndS = Number.NaN;
  private meanIoS = INITIAL_IO_S;
  private settings: FieldSettings = { persistent: false, messageSizeBytes: 2048, flightS: 1e-5 };

  constructor(capacity = 4096) {
    if (!(Number.isInteger(capacity) && capacity >= 1)) {
      throw new RangeError(`the particle pool needs an integer capacity >= 1, got ${capacity}`);
    }
    this.capacity = capacity;
    this.positions = new Float32Array(3 * capacity);
    this.scales = new Float32Array(capacity);
    this.styles = new Uint8Array(capacity);
    this.startS = new Float64Array(capacity);
    this.endS = new Float64Array(capacity);
    this.fromNode = new Uint16Array(capacity);
    this.toNode = new Uint16Array(capacity);
    this.radius = new Float32Array(capacity);
    this.style = new Uint8Array(capacity);
    this.alive = new Uint8Array(capacity);
    this.ioOpen = new Uint8Array(capacity);
    this.ioSeq = new Uint32Array(capacity);
    this.ioLogger = new Int32Array(capacity);
    this.freeSlots = new Int32Array(capacity);
    this.freeCount = 0;
    this.reset();
  }

  /** Sets the nodes records refer to (a new run) and forgets every particle and wait. */
  setTopology(layout: TopologyLayout): void {
    const n = layout.kinds.length;
    this.nodeCount = n;
    this.nodeKinds = layout.kinds;
    this.nodeXZ = new Float32Array(2 * n);
    for (let id = 0; id < n; id++) {
      this.nodeXZ[2 * id] = layout.positions[3 * id] as number;
      this.nodeXZ[2 * id + 1] = layout.positions[3 * id + 2] as number;
    }
    this.nodeRoles = Uint8Array.from(layout.kinds, roleOf);
    this.waitAt = new Int32Array(n).fill(-1);
    this.stackHeights = new Uint16Array(n);
    this.waitPositions = new Float32Array(3 * Math.min(n * MAX_STACK, 4 * this.capacity));
    this.waitStyles = new Uint8Array(this.waitPositions.length / 3);
    this.reset();
  }

  /** Changes how new particles are drawn (particles already flying keep their course). */
  configure(settings: FieldSettings): void {
    if (!(Number.isFinite(settings.flightS) && settings.flightS > 0)) {
      throw new RangeError(`flightS must be a finite number of seconds > 0, got ${settings.flightS}`);
    }
    this.settings = settings;
  }

  /** The current settings. */
  get current(): FieldSettings {
    return this.settings;
  }

  /** Particles flying (as of the last `update`). */
  get particleCount(): number {
    return this.liveCount;
  }

  /** Forgets every particle and wait (before replaying a window of the trace after a scrub). */
  reset(): void {
    this.alive.fill(0);
    this.ioOpen.fill(0);
    for (let k = 0; k < this.capacity; k++) this.freeSlots[k] = this.capacity - 1 - k;
    this.freeCount = this.capacity;
    this.overwriteNext = 0;
    this.sweepAllowed = true;
    this.waitAt.fill(-1);
    this.liveCount = 0;
    this.waitCount = 0;
    this.waitingTasks = 0;
    this.recordsApplied = 0;
    this.currentIoLogger = -1;
    this.currentIoSeq = -1;
    this.currentIoEndS = Number.NaN;
  }

  /** Applies record `i` of `columns`; bound, so it can be handed to the player as its visitor. */
  readonly apply = (columns: TraceColumns, i: number): void => {
    const from = columns.from[i] as number;
    const to = columns.to[i] as number;
    // A record naming a node the topology lacks cannot be placed; it is skipped, not fatal.
    if (from >= this.nodeCount || to >= this.nodeCount) return;
    const kind = columns.kind[i] as number;
    const t = columns.timeS[i] as number;
    const fromKind = this.nodeKinds[from] as string;
    this.recordsApplied++;
    switch (effectOf(kind, fromKind)) {
      case RecordEffect.waitStart:
        this.waitAt[from] = to;
        return;
      case RecordEffect.waitEnd:
        this.waitAt[to] = -1;
        return;
      case RecordEffect.ioEnd:
        this.closeIo(columns.message[i] as number, to, t);
        return;
      case RecordEffect.io: {
        const slot = this.spawn(t, from, to, kind, fromKind, columns.bytes[i] as number);
        const seq = columns.message[i] as number;
        if (seq === this.currentIoSeq && !Number.isNaN(this.currentIoEndS)) {
          // The write's end is already in hand: the leg lands exactly when the I/O completed.
          this.endS[slot] = this.currentIoEndS;
        } else {
          this.ioOpen[slot] = 1;
          this.ioSeq[slot] = seq;
          this.ioLogger[slot] = this.currentIoLogger;
          this.endS[slot] = Number.NaN;
        }
        break;
      }
      default: {
        if (fromKind === "logger") this.beginWrite(columns, i, from);
        this.spawn(t, from, to, kind, fromKind, columns.bytes[i] as number);
        break;
      }
    }
    // The task this record involves is running, so it no longer waits.
    this.waitAt[from] = -1;
    this.waitAt[to] = -1;
  };

  /**
   * Moves every particle to simulated time `nowS`, drops those that have arrived, and writes the
   * live particles and wait stacks to the output arrays.
   */
  update(nowS: number): void {
    this.sweepAllowed = true;
    let live = 0;
    const out = this.positions;
    for (let s = 0; s < this.capacity; s++) {
      if (this.alive[s] === 0) continue;
      if (this.expired(s, nowS)) {
        this.release(s);
        continue;
      }
      const start = this.startS[s] as number;
      const end = this.endS[s] as number;
      const p = Number.isNaN(end)
        ? Math.min(OPEN_IO_MAX_PROGRESS, (nowS - start) / this.meanIoS)
        : end > start
          ? (nowS - start) / (end - start)
          : 1;
      const a = this.fromNode[s] as number;
      const b = this.toNode[s] as number;
      flightPoint(
        this.nodeXZ[2 * a] as number,
        this.nodeXZ[2 * a + 1] as number,
        this.nodeXZ[2 * b] as number,
        this.nodeXZ[2 * b + 1] as number,
        p,
        out,
        3 * live,
      );
      this.scales[live] = this.radius[s] as number;
      this.styles[live] = this.style[s] as number;
      live++;
    }
    this.liveCount = live;
    this.stackWaits();
  }

  /** Expected duration of a log write so far (mean of the completed ones, smoothed). */
  get expectedIoS(): number {
    return this.meanIoS;
  }

  private stackWaits(): void {
    this.stackHeights.fill(0);
    let markers = 0;
    let waiting = 0;
    const room = this.waitStyles.length;
    for (let task = 0; task < this.nodeCount; task++) {
      const at = this.waitAt[task] as number;
      if (at < 0) continue;
      waiting++;
      const k = this.stackHeights[at] as number;
      this.stackHeights[at] = k + 1;
      if (k >= MAX_STACK || markers >= room) continue;
      this.waitPositions[3 * markers] = this.nodeXZ[2 * at] as number;
      this.waitPositions[3 * markers + 1] = NODE_TOP_Y + 0.15 + 0.22 * k;
      this.waitPositions[3 * markers + 2] = this.nodeXZ[2 * at + 1] as number;
      const role = this.nodeRoles[at];
      this.waitStyles[markers] =
        role === Role.queue ? WaitStyle.queue : role === Role.logBuffer ? WaitStyle.log : WaitStyle.other;
      markers++;
    }
    this.waitCount = markers;
    this.waitingTasks = waiting;
  }

  private expired(s: number, nowS: number): boolean {
    const end = this.endS[s] as number;
    if (Number.isNaN(end)) return nowS - (this.startS[s] as number) > LOST_IO_FACTOR * this.meanIoS;
    return nowS >= end;
  }

  private release(s: number): void {
    this.alive[s] = 0;
    this.ioOpen[s] = 0;
    this.freeSlots[this.freeCount++] = s;
  }

  /**
   * A free slot. When none is left, those that have arrived by `t` are freed; when that frees
   * too few to be worth the sweep, slots are reused oldest-allocated-first until the next
   * `update`, so a saturated pool costs a constant time per record, not a sweep per record.
   */
  private slot(t: number): number {
    if (this.freeCount === 0 && this.sweepAllowed) {
      for (let s = 0; s < this.capacity; s++) {
        if (this.alive[s] !== 0 && this.expired(s, t)) this.release(s);
      }
      if (this.freeCount < this.capacity / 8) this.sweepAllowed = false;
    }
    if (this.freeCount > 0) return this.freeSlots[--this.freeCount] as number;
    const s = this.overwriteNext;
    this.overwriteNext = (s + 1) % this.capacity;
    return s;
  }

  private spawn(t: number, from: number, to: number, kind: number, fromKind: string, bytes: number): number {
    const s = this.slot(t);
    this.alive[s] = 1;
    this.ioOpen[s] = 0;
    this.startS[s] = t;
    this.endS[s] = t + this.settings.flightS;
    this.fromNode[s] = from;
    this.toNode[s] = to;
    this.radius[s] = scaleOf(kind, bytes, this.settings.messageSizeBytes);
    this.style[s] = styleOf(kind, fromKind, bytes, this.settings.persistent);
    return s;
  }

  /**
   * A write starts: record `i` hands it from `logger` to its I/O path. Its legs to the data sets
   * follow at once; the write's end record is looked for further on in the same chunk (the trace
   * usually runs well ahead of the playhead), so that the legs fly for exactly the I/O's time.
   */
  private beginWrite(columns: TraceColumns, i: number, logger: number): void {
    const seq = columns.message[i] as number;
    this.currentIoLogger = logger;
    this.currentIoSeq = seq;
    this.currentIoEndS = Number.NaN;
    const n = columns.timeS.length;
    for (let j = i + 1; j < n; j++) {
      if (columns.kind[j] === TraceKind.ioEnd && columns.message[j] === seq && columns.to[j] === logger) {
        this.currentIoEndS = columns.timeS[j] as number;
        this.learnIoTime(this.currentIoEndS - (columns.timeS[i] as number));
        return;
      }
    }
  }

  private learnIoTime(measuredS: number): void {
    if (measuredS > 0) this.meanIoS = 0.8 * this.meanIoS + 0.2 * measuredS;
  }

  /** The write `seq` of `logger` completed at `t`: its particles still in flight land now. */
  private closeIo(seq: number, logger: number, t: number): void {
    let measured = -1;
    for (let s = 0; s < this.capacity; s++) {
      if (this.ioOpen[s] === 0 || this.ioSeq[s] !== seq) continue;
      const owner = this.ioLogger[s] as number;
      if (owner >= 0 && owner !== logger) continue;
      this.ioOpen[s] = 0;
      this.endS[s] = t;
      measured = t - (this.startS[s] as number);
    }
    this.learnIoTime(measured);
  }
}
