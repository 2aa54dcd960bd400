/**
 * The typed messages between the renderer and the simulation's Web Worker, and the shapes of the
 * simulation's outputs (see wasm-core/src/sim/trace.rs and sim/mq.rs for their source of truth).
 *
 * Flow: the client sends `start`; the worker answers `started` with the topology, then streams
 * `chunk` messages (trace columns as transferable typed arrays) and `progress` messages (how far
 * the simulation has run, new time-series samples, whole-run totals). The client acknowledges the
 * chunks its player has consumed with `ack`; the worker stops producing (`waiting`) when more than
 * `maxUnackedChunks` are unacknowledged, so it never runs further ahead than the player can hold.
 * Every message from the worker carries the `run` it belongs to, so late messages of a stopped
 * run are told apart from the current one's.
 */
import type { FieldError } from "./types";

/** What a trace record says happened; codes match `TraceKind` in wasm-core/src/sim/trace.rs. */
export const TraceKind = {
  move: 0,
  put: 1,
  get: 2,
  commit: 3,
  waitStart: 4,
  waitEnd: 5,
  syncIoStart: 6,
  asyncIoStart: 7,
  ioEnd: 8,
  cfRequest: 9,
  channelBatch: 10,
  cfAsyncRequest: 11,
  cfReply: 12,
} as const;

/** A trace kind's code. */
export type TraceKindCode = (typeof TraceKind)[keyof typeof TraceKind];

/** Every kind of topology node the core builds (snake_case, as it serialises `NodeKind`). */
export const NODE_KINDS = [
  "application",
  "queue",
  "log_buffer",
  "logger",
  "log_data_set",
  "channel_path",
  "pfid",
  "coupling_facility",
  "cf_link",
  "cf_structure",
  "channel",
  "queue_manager",
  "processors",
  "network",
] as const;

/** The kind of a topology node. */
export type NodeKind = (typeof NODE_KINDS)[number];

/** One node of the simulated topology; trace records refer to nodes by `id`. */
export interface TopologyNode {
  readonly id: number;
  readonly kind: NodeKind;
  readonly label: string;
}

/** The nodes a simulation built for its scenario. */
export interface Topology {
  readonly nodes: readonly TopologyNode[];
}

/** One chunk of trace records as columns: record `i` is (timeS[i], message[i], from[i], ...). */
export interface TraceColumns {
  /** Simulated time of each record, seconds (non-decreasing). */
  readonly timeS: Float64Array;
  /** Message (or unit-of-work) id. */
  readonly message: Uint32Array;
  /** Topology node the record starts from. */
  readonly from: Uint16Array;
  /** Topology node the record goes to. */
  readonly to: Uint16Array;
  /** `TraceKind` code. */
  readonly kind: Uint8Array;
  /** Bytes involved (message size, I/O size). */
  readonly bytes: Uint32Array;
}

/** A chunk as streamed: its sequence number in the run and the columns. */
export interface StreamedChunk {
  /** 1, 2, 3... in the order the worker produced them. */
  readonly seq: number;
  readonly columns: TraceColumns;
}

/** Time-series samples (queue depth, log buffer fill, PFID busy %, CF link busy %...). */
export interface SeriesSamples {
  /** Series names, in column order. */
  readonly names: readonly string[];
  /** Sampling interval, seconds of simulated time. */
  readonly interval_s: number;
  /** Sample times, oldest first. */
  readonly time_s: readonly number[];
  /** One row per sample, `names.length` wide. */
  readonly values: readonly (readonly number[])[];
}

/** Whole-run totals (kept over the whole run even when old chunks were dropped). */
export interface SimTotals {
  /** Simulated time reached, seconds. */
  readonly now_s: number;
  /** Events processed. */
  readonly events: number;
  /** Records per trace kind (snake_case kind names: move, put, get, commit, ...). */
  readonly records: Readonly<Record<string, number>>;
  /** Chunks the core dropped because nobody took them in time. */
  readonly dropped_chunks: number;
  /** Chunks waiting in the core to be taken. */
  readonly pending_chunks: number;
}

/** A steady-state estimate: mean of the batch means and its 95% half-width. */
export interface Estimate {
  readonly mean: number;
  readonly half_width_95: number;
}

/** The simulation's steady-state figures (named as the model's metrics they are compared with). */
export interface SimMetrics {
  /** Round trips (or units of work) completed per second. */
  readonly transactions_per_s: Estimate;
  /** Messages put and got per second. */
  readonly messages_per_s: Estimate;
  /** Mean round trip (or unit-of-work elapsed time), microseconds. */
  readonly round_trip_us: Estimate;
  /** Log data written per copy, MB/s. */
  readonly log_rate_mb_s: Estimate;
  /** Forced log writes per second. */
  readonly log_writes_per_s: Estimate;
  /** Processor utilisation of the LPAR, 0..1. */
  readonly cpu_utilisation: Estimate;
  /** Requests for a forced log write per second (several share one write when they aggregate). */
  readonly force_requests_per_s: Estimate;
  /** Mean time a commit waits for its forced log write, microseconds. */
  readonly force_wait_us: Estimate;
  /** Share of log writes completed synchronously over zHyperLink, 0..1. */
  readonly sync_write_fraction: Estimate;
  /** Mean zHyperLink PFID utilisation over the run, 0..1. */
  readonly pfid_utilisation: number;
  /** Utilisation of the coupling facility's processors, 0..1 (0 with private queues). */
  readonly cf_utilisation: Estimate;
  /** Share of CF requests completed synchronously, 0..1. */
  readonly cf_sync_fraction: Estimate;
  /** Share of the CF requests z/OS meant to run synchronously that found every subchannel busy, 0..1. */
  readonly cf_subchannel_busy_fraction: Estimate;
  /** CF processor time per message put and got, microseconds. */
  readonly cf_time_per_message_us: Estimate;
  /** Messages the sender/receiver channels moved per second (0 without channels). */
  readonly channel_messages_per_s: Estimate;
  /** Messages per channel batch as the batches achieved it (0 without channels). */
  readonly achieved_batch_size: Estimate;
  /** Channel CPU per message at the sending end, microseconds (0 without channels). */
  readonly sender_cpu_us_per_msg: Estimate;
  /** Channel CPU per message at the receiving end, microseconds (0 without channels). */
  readonly receiver_cpu_us_per_msg: Estimate;
  /** Mean utilisation of the network link(s) between the queue managers, 0..1. */
  readonly network_utilisation: number;
  /** Mean wait of a client's MQI call for its SVRCONN channel instance, microseconds. */
  readonly client_instance_wait_us: Estimate;
  /** Events processed, warm-up included. */
  readonly events: number;
}

/** Run options the core accepts (all optional; the core validates and names a bad field). */
export interface SimRunOptions {
  /** Discarded start of the run for the steady-state estimates, seconds. */
  readonly warmup_s?: number;
  /** Measured period after the warm-up, seconds. */
  readonly run_s?: number;
  /** Batches the measured period is cut into (2..1000). */
  readonly batches?: number;
  /** Whether to record a trace (off: statistics only). */
  readonly trace?: boolean;
  /** Records per trace chunk. */
  readonly chunk_records?: number;
  /** Chunks the core keeps before dropping the oldest. */
  readonly history_chunks?: number;
  /** Interval between time-series samples, seconds of simulated time. */
  readonly series_interval_s?: number;
  /** Time-series samples the core keeps. */
  readonly series_capacity?: number;
}

/** How the worker streams. */
export interface StreamSettings {
  /** Simulated time run per slice (one slice between two looks at the mailbox), seconds. */
  readonly sliceS: number;
  /** Chunks the worker may have sent without acknowledgement before it waits. */
  readonly maxUnackedChunks: number;
  /** Simulated time at which the run ends by itself (`Infinity`: runs until stopped). */
  readonly untilS: number;
}

/** Streaming defaults: 2 ms slices keep the worker responsive to acks and stops. */
export const DEFAULT_STREAM: StreamSettings = { sliceS: 0.002, maxUnackedChunks: 16, untilS: Number.POSITIVE_INFINITY };

/** Messages the client sends to the worker. */
export type ToWorker =
  | {
      readonly type: "start";
      /** Identifies this run in every answer. */
      readonly run: number;
      readonly scenario: unknown;
      readonly seed: number;
      readonly options?: SimRunOptions;
      readonly stream?: Partial<StreamSettings>;
    }
  /** Every chunk up to and including `seq` is consumed. */
  | { readonly type: "ack"; readonly run: number; readonly seq: number }
  | { readonly type: "pause"; readonly run: number }
  | { readonly type: "resume"; readonly run: number }
  /** Asks for the steady-state estimates so far. */
  | { readonly type: "steady-state"; readonly run: number }
  | { readonly type: "stop"; readonly run: number };

/** Messages the worker sends to the client. */
export type FromWorker =
  | { readonly type: "started"; readonly run: number; readonly topology: Topology }
  | { readonly type: "chunk"; readonly run: number; readonly chunk: StreamedChunk }
  | {
      readonly type: "progress";
      readonly run: number;
      /** Every record up to this simulated time has been sent. */
      readonly horizonS: number;
      /** Samples taken since the previous progress message. */
      readonly series: SeriesSamples;
      readonly totals: SimTotals;
    }
  /** The worker is holding back until chunks are acknowledged (or it is resumed). */
  | { readonly type: "waiting"; readonly run: number; readonly reason: "backpressure" | "paused" }
  | { readonly type: "steady-state"; readonly run: number; readonly metrics: SimMetrics }
  /** The run reached `untilS`. */
  | { readonly type: "finished"; readonly run: number; readonly totals: SimTotals }
  | { readonly type: "stopped"; readonly run: number }
  /** The scenario, seed or options were refused: every field at fault. */
  | { readonly type: "rejected"; readonly run: number; readonly errors: readonly FieldError[] }
  | { readonly type: "failed"; readonly run: number; readonly message: string };

/** The buffers of a chunk's columns, to hand over (not copy) with `postMessage`. */
export function transferablesOf(columns: TraceColumns): ArrayBuffer[] {
  const buffers = [columns.timeS, columns.message, columns.from, columns.to, columns.kind, columns.bytes].map(
    (a) => a.buffer,
  );
  // Typed arrays of one chunk never share a buffer, but a buffer listed twice would make postMessage throw.
  return [...new Set(buffers)].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
}

/** Records in a chunk (all columns have this length). */
export function chunkLength(columns: TraceColumns): number {
  return columns.timeS.length;
}

/** Whether every column of `columns` has the same length and times never go backwards. */
export function isWellFormed(columns: TraceColumns): boolean {
  const n = columns.timeS.length;
  const sameLength = [columns.message, columns.from, columns.to, columns.kind, columns.bytes].every(
    (c) => c.length === n,
  );
  if (!sameLength) return false;
  for (let i = 1; i < n; i++) {
    if ((columns.timeS[i] as number) < (columns.timeS[i - 1] as number)) return false;
  }
  return true;
}

const TO_WORKER_TYPES: ReadonlySet<string> = new Set(["start", "ack", "pause", "resume", "steady-state", "stop"]);

/** Checks an incoming mailbox message is a `ToWorker` (the worker ignores anything else). */
export function isToWorker(data: unknown): data is ToWorker {
  if (typeof data !== "object" || data === null) return false;
  const m = data as { type?: unknown; run?: unknown; seq?: unknown; seed?: unknown };
  if (typeof m.type !== "string" || !TO_WORKER_TYPES.has(m.type) || !Number.isInteger(m.run)) return false;
  if (m.type === "ack") return Number.isInteger(m.seq);
  if (m.type === "start") return typeof m.seed === "number";
  return true;
}
