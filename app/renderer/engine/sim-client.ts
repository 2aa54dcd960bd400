/**
 * The main-thread side of the simulation: starts, stops and re-seeds runs in the worker, feeds the
 * received chunks into a `TracePlayer`, and acknowledges the chunks the player has consumed, which
 * is what lets the worker run on (backpressure). Speed, play and pause act on the player: a paused
 * player stops acknowledging, so the worker stops a bounded distance ahead by itself.
 */
import type {
  FromWorker,
  SeriesSamples,
  SimMetrics,
  SimRunOptions,
  SimTotals,
  StreamSettings,
  Topology,
  ToWorker,
} from "./sim-protocol";
import { TracePlayer } from "./trace-player";
import type { FieldError } from "./types";

/** What the client needs of a worker (a DOM `Worker`, or an in-process stand-in in tests). */
export interface WorkerPort {
  postMessage(message: ToWorker): void;
  addEventListener(type: "message", listener: (event: MessageEvent<FromWorker>) => void): void;
  terminate(): void;
}

/** Notifications for the UI; each is optional. */
export interface SimClientListener {
  started?(topology: Topology): void;
  progress?(horizonS: number, series: SeriesSamples, totals: SimTotals): void;
  waiting?(reason: "backpressure" | "paused"): void;
  finished?(totals: SimTotals): void;
  rejected?(errors: readonly FieldError[]): void;
  failed?(message: string): void;
  stopped?(): void;
}

/**
 * Where the current run is: `running` streams, `finished` reached its end time (its figures can
 * still be asked for), `stopped` was stopped by the client, `ended` was refused or failed.
 */
export type RunPhase = "idle" | "running" | "finished" | "stopped" | "ended";

/** How a run is started. */
export interface StartRequest {
  readonly scenario: unknown;
  readonly seed: number;
  readonly options?: SimRunOptions;
  readonly stream?: Partial<StreamSettings>;
}

/** Client settings. */
export interface SimClientOptions {
  /** Records the player keeps (see `TracePlayer`). */
  readonly maxRecords?: number;
  /** Time-series samples kept for the charts (the oldest go first). */
  readonly maxSeriesSamples?: number;
  readonly listener?: SimClientListener;
}

/** Default player bound: 64 chunks of 4,096 records, about 6 MB of columns. */
const DEFAULT_MAX_RECORDS = 64 * 4096;
/** Default series bound: 10,000 samples, 100 s of simulated time at the core's 10 ms interval. */
const DEFAULT_MAX_SERIES_SAMPLES = 10_000;

/** The run's recent time-series samples for the charts, oldest first, in a bounded window. */
export class SeriesWindow {
  names: readonly string[] = [];
  timeS: number[] = [];
  values: (readonly number[])[] = [];

  constructor(private readonly capacity: number) {
    if (!(Number.isInteger(capacity) && capacity >= 1)) {
      throw new RangeError(`the series window needs an integer capacity >= 1, got ${capacity}`);
    }
  }

  /** Appends new samples (a change of names starts the window afresh) and drops the oldest. */
  append(samples: SeriesSamples): void {
    if (samples.names.join("\u0000") !== this.names.join("\u0000")) this.clear(samples.names);
    this.timeS.push(...samples.time_s);
    this.values.push(...samples.values);
    const excess = this.timeS.length - this.capacity;
    if (excess > 0) {
      this.timeS.splice(0, excess);
      this.values.splice(0, excess);
    }
  }

  /** The samples of series `name` as (time, value) columns, or `undefined` for an unknown name. */
  column(name: string): { timeS: readonly number[]; values: number[] } | undefined {
    const k = this.names.indexOf(name);
    if (k < 0) return undefined;
    return { timeS: this.timeS, values: this.values.map((row) => row[k] as number) };
  }

  /** Empties the window. */
  clear(names: readonly string[] = []): void {
    this.names = names;
    this.timeS = [];
    this.values = [];
  }
}

/** The simulation's worker, bundled by Vite from sim-worker.ts. */
export function createSimWorker(): Worker {
  return new Worker(new URL("./sim-worker.ts", import.meta.url), { type: "module" });
}

/** Drives the simulation worker and plays what it streams. */
export class SimClient {
  /** The player the renderer ticks each frame. */
  readonly player: TracePlayer;
  /** Recent time series of the current run, for the charts beside the animation. */
  readonly series: SeriesWindow;
  private run = 0;
  private phase: RunPhase = "idle";
  private last: StartRequest | null = null;
  /** Pending steady-state requests of the current run, answered in order. */
  private steadyWaiters: { resolve: (metrics: SimMetrics) => void; reject: (error: Error) => void }[] = [];

  constructor(
    private readonly worker: WorkerPort,
    private readonly options: SimClientOptions = {},
  ) {
    this.player = new TracePlayer({
      maxRecords: options.maxRecords ?? DEFAULT_MAX_RECORDS,
      onConsumed: (seq) => {
        if (this.phase === "running") this.worker.postMessage({ type: "ack", run: this.run, seq });
      },
    });
    this.series = new SeriesWindow(options.maxSeriesSamples ?? DEFAULT_MAX_SERIES_SAMPLES);
    worker.addEventListener("message", (event) => this.receive(event.data));
  }

  /** The current run's id (0 before the first start). */
  get runId(): number {
    return this.run;
  }

  /** Starts a new run (stopping the current one); returns its id. */
  start(request: StartRequest): number {
    this.abandonRequests("a new run started");
    this.run += 1;
    this.phase = "running";
    this.last = request;
    this.player.reset();
    this.series.clear();
    this.worker.postMessage({
      type: "start",
      run: this.run,
      scenario: request.scenario,
      seed: request.seed,
      ...(request.options ? { options: request.options } : {}),
      ...(request.stream ? { stream: request.stream } : {}),
    });
    return this.run;
  }

  /** Restarts the last scenario with another seed. */
  reseed(seed: number): number {
    if (this.last === null) throw new Error("reseed needs a run started before");
    return this.start({ ...this.last, seed });
  }

  /** Stops the current run; the player keeps what it has for scrubbing. */
  stop(): void {
    if (this.phase !== "running" && this.phase !== "finished") return;
    this.phase = "stopped";
    this.abandonRequests("the run was stopped");
    this.worker.postMessage({ type: "stop", run: this.run });
  }

  /** Simulated seconds per wall-clock second. */
  setSpeed(simulatedSecondsPerSecond: number): void {
    this.player.setSpeed(simulatedSecondsPerSecond);
  }

  play(): void {
    this.player.play();
  }

  pause(): void {
    this.player.pause();
  }

  /** Where the current run is. */
  get runPhase(): RunPhase {
    return this.phase;
  }

  /** The current run's steady-state estimates so far (refused once the run is gone). */
  steadyState(): Promise<SimMetrics> {
    if (this.phase !== "running" && this.phase !== "finished") {
      return Promise.reject(new Error(`no simulation to ask: the run is ${this.phase}`));
    }
    return new Promise((resolve, reject) => {
      this.steadyWaiters.push({ resolve, reject });
      this.worker.postMessage({ type: "steady-state", run: this.run });
    });
  }

  /** Stops the worker for good. */
  dispose(): void {
    this.phase = "stopped";
    this.abandonRequests("the simulation was closed");
    this.worker.terminate();
  }

  /** Refuses the requests a run that is going away will not answer. */
  private abandonRequests(why: string): void {
    const waiters = this.steadyWaiters;
    this.steadyWaiters = [];
    for (const w of waiters) w.reject(new Error(`no steady state: ${why}`));
  }

  private receive(message: FromWorker): void {
    // A message of an earlier run arrives after a restart: it has nothing to say about this one.
    if (message.run !== this.run) return;
    const l = this.options.listener;
    switch (message.type) {
      case "started":
        l?.started?.(message.topology);
        break;
      case "chunk":
        this.player.push(message.chunk);
        break;
      case "progress":
        this.player.setHorizon(message.horizonS);
        this.series.append(message.series);
        l?.progress?.(message.horizonS, message.series, message.totals);
        break;
      case "waiting":
        l?.waiting?.(message.reason);
        break;
      case "steady-state":
        this.steadyWaiters.shift()?.resolve(message.metrics);
        break;
      case "finished":
        this.phase = "finished";
        l?.finished?.(message.totals);
        break;
      case "stopped":
        l?.stopped?.();
        break;
      case "rejected":
        this.phase = "ended";
        l?.rejected?.(message.errors);
        break;
      case "failed":
        this.phase = "ended";
        l?.failed?.(message.message);
        break;
    }
  }
}
