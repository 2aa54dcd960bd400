/**
 * The simulation worker's logic, free of any worker global so it runs in Node tests as well:
 * it answers `ToWorker` messages, runs the simulation one slice of simulated time at a time
 * (yielding between slices so acknowledgements and stops are read promptly), posts each completed
 * trace chunk with its buffers transferred, and holds back when the client has not acknowledged
 * enough chunks (backpressure), so it never runs further ahead than the player can hold.
 */
import { ScenarioRejected } from "./engine";
import {
  DEFAULT_STREAM,
  type FromWorker,
  isToWorker,
  type StreamSettings,
  type ToWorker,
  transferablesOf,
} from "./sim-protocol";
import { openSimulation, type SimulationHandle, type WasmSimulationConstructor } from "./simulation";
import type { FieldError } from "./types";

/** Sends a message to the client, handing over `transfer` rather than copying it. */
export type Post = (message: FromWorker, transfer: Transferable[]) => void;
/** Runs `task` later, after pending mailbox messages have been delivered. */
export type Schedule = (task: () => void) => void;
/** Milliseconds from a monotonic clock. */
export type Clock = () => number;

/** Wall time one slice aims at: short enough to read acks and stops within a frame. */
const TARGET_SLICE_MS = 8;
/** Bounds of the adaptive slice, seconds of simulated time. */
const MIN_SLICE_S = 1e-6;
const MAX_SLICE_S = 1;

/** The run being streamed. */
interface Run {
  readonly id: number;
  readonly sim: SimulationHandle;
  readonly settings: StreamSettings;
  /** Simulated time the next slice starts from (what the client has been told is complete). */
  reachedS: number;
  /** Current slice length, adapted to the wall-time target. */
  sliceS: number;
  sentSeq: number;
  ackedSeq: number;
  paused: boolean;
  /** The `waiting` message already sent for the current hold, so it is sent once. */
  waitingSent: boolean;
  /** Time of the newest series sample already sent. */
  seriesSentS: number;
}

/** Field errors in stream settings (the core validates everything else). */
function streamErrors(stream: Partial<StreamSettings> | undefined): FieldError[] {
  const errors: FieldError[] = [];
  if (stream === undefined) return errors;
  const { sliceS, maxUnackedChunks, untilS } = stream;
  if (sliceS !== undefined && !(Number.isFinite(sliceS) && sliceS > 0)) {
    errors.push({ field: "stream.sliceS", value: String(sliceS), allowed: "a finite number of seconds > 0" });
  }
  if (maxUnackedChunks !== undefined && !(Number.isInteger(maxUnackedChunks) && maxUnackedChunks >= 1)) {
    errors.push({ field: "stream.maxUnackedChunks", value: String(maxUnackedChunks), allowed: "an integer >= 1" });
  }
  if (untilS !== undefined && !(untilS > 0)) {
    errors.push({ field: "stream.untilS", value: String(untilS), allowed: "a number of seconds > 0, or Infinity" });
  }
  return errors;
}

/** Streams one simulation at a time to the client through `post`. */
export class SimStreamer {
  private current: Run | null = null;
  private scheduled = false;

  constructor(
    private readonly Simulation: WasmSimulationConstructor,
    private readonly post: Post,
    private readonly schedule: Schedule = (task) => setTimeout(task, 0),
    private readonly clock: Clock = () => performance.now(),
  ) {}

  /** Handles one mailbox message; anything that is not a `ToWorker` is ignored. */
  handle(data: unknown): void {
    if (!isToWorker(data)) return;
    const message: ToWorker = data;
    if (message.type === "start") {
      this.start(message);
      return;
    }
    const run = this.current;
    // Messages for a run that was replaced or stopped are stale.
    if (run === null || run.id !== message.run) return;
    switch (message.type) {
      case "ack":
        run.ackedSeq = Math.max(run.ackedSeq, Math.min(message.seq, run.sentSeq));
        this.kick();
        break;
      case "pause":
        run.paused = true;
        break;
      case "resume":
        run.paused = false;
        this.kick();
        break;
      case "steady-state":
        this.guard(run, () => this.post({ type: "steady-state", run: run.id, metrics: run.sim.steadyState() }, []));
        break;
      case "stop":
        this.end(run);
        this.post({ type: "stopped", run: run.id }, []);
        break;
    }
  }

  private start(message: Extract<ToWorker, { type: "start" }>): void {
    if (this.current !== null) {
      const old = this.current;
      this.end(old);
      this.post({ type: "stopped", run: old.id }, []);
    }
    const errors = streamErrors(message.stream);
    let sim: SimulationHandle;
    try {
      sim = openSimulation(this.Simulation, message.scenario, message.seed, message.options);
    } catch (error) {
      if (error instanceof ScenarioRejected) {
        this.post({ type: "rejected", run: message.run, errors: [...error.errors, ...errors] }, []);
      } else {
        this.post({ type: "failed", run: message.run, message: String(error) }, []);
      }
      return;
    }
    if (errors.length > 0) {
      sim.free();
      this.post({ type: "rejected", run: message.run, errors }, []);
      return;
    }
    const settings: StreamSettings = { ...DEFAULT_STREAM, ...message.stream };
    const run: Run = {
      id: message.run,
      sim,
      settings,
      reachedS: sim.nowS(),
      sliceS: settings.sliceS,
      sentSeq: 0,
      ackedSeq: 0,
      paused: false,
      waitingSent: false,
      seriesSentS: Number.NEGATIVE_INFINITY,
    };
    this.current = run;
    this.post({ type: "started", run: run.id, topology: sim.topology() }, []);
    this.kick();
  }

  /** Frees the run's simulation; later messages for it are ignored. */
  private end(run: Run): void {
    if (this.current === run) this.current = null;
    run.sim.free();
  }

  /** Runs `f`; a failure in the core ends the run and is reported rather than thrown. */
  private guard(run: Run, f: () => void): boolean {
    try {
      f();
      return true;
    } catch (error) {
      this.end(run);
      this.post({ type: "failed", run: run.id, message: String(error) }, []);
      return false;
    }
  }

  /** Schedules one slice unless one is already due. */
  private kick(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.slice();
    });
  }

  private hold(run: Run, reason: "backpressure" | "paused"): void {
    if (!run.waitingSent) {
      run.waitingSent = true;
      this.post({ type: "waiting", run: run.id, reason }, []);
    }
  }

  /** Runs one slice of simulated time and posts what it produced, then schedules the next. */
  private slice(): void {
    const run = this.current;
    if (run === null || run.reachedS >= run.settings.untilS) return;
    if (run.paused) {
      this.hold(run, "paused");
      return;
    }
    if (run.sentSeq - run.ackedSeq >= run.settings.maxUnackedChunks) {
      this.hold(run, "backpressure");
      return;
    }
    run.waitingSent = false;
    const target = Math.min(run.reachedS + run.sliceS, run.settings.untilS);
    const startedMs = this.clock();
    let chunks = 0;
    const ok = this.guard(run, () => {
      run.sim.advance(target);
      run.sim.flush();
      for (let columns = run.sim.takeChunk(); columns !== undefined; columns = run.sim.takeChunk()) {
        run.sentSeq += 1;
        chunks += 1;
        this.post({ type: "chunk", run: run.id, chunk: { seq: run.sentSeq, columns } }, transferablesOf(columns));
      }
      run.reachedS = target;
      const series = run.sim.series(run.seriesSentS);
      const newest = series.time_s[series.time_s.length - 1];
      if (newest !== undefined) run.seriesSentS = newest;
      this.post({ type: "progress", run: run.id, horizonS: target, series, totals: run.sim.totals() }, []);
    });
    if (!ok) return;
    this.adapt(run, this.clock() - startedMs, chunks);
    if (run.reachedS >= run.settings.untilS) {
      this.post({ type: "finished", run: run.id, totals: run.sim.totals() }, []);
      return;
    }
    this.kick();
  }

  /** Lengthens quick, light slices and shortens slow or chunk-heavy ones. */
  private adapt(run: Run, elapsedMs: number, chunks: number): void {
    const budget = run.settings.maxUnackedChunks;
    if (elapsedMs > 2 * TARGET_SLICE_MS || chunks > budget / 2) {
      run.sliceS = Math.max(MIN_SLICE_S, run.sliceS / 2);
    } else if (elapsedMs < TARGET_SLICE_MS / 2 && chunks < budget / 4) {
      run.sliceS = Math.min(MAX_SLICE_S, run.sliceS * 2);
    }
  }
}
