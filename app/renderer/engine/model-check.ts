/**
 * The simulation set against the model for the scenario on screen, run off the main thread.
 *
 * The core simulates the scenario's steady state for a few thousand transactions, longer where
 * that leaves an estimate's 95% half-width wider than 2% (statistics only, no trace), and
 * compares throughput, round trip and log rate with the model, exactly as the consistency
 * probe judges its drawn scenarios (`sim::consistency::check`). A run can take
 * from milliseconds to seconds, so it has a worker of its own: the animation's worker keeps
 * streaming meanwhile. This module holds the messages, the worker's answer (free of any worker
 * global, so Node tests run it) and the main-thread client, which keeps only the latest answer.
 */
import type { Estimate } from "./sim-protocol";
import { fieldErrors } from "./simulation";
import type { FieldError } from "./types";

/** One figure of the model set against the simulation's estimate of it. */
export interface ComparedFigure {
  readonly model: number;
  readonly simulated: Estimate;
  /** Simulated mean against the model's figure, percent of the model's (positive: the simulation's is larger). */
  readonly departure_pct: number;
}

/** The core's verdict on a scenario (see `sim::consistency::CheckReport`). */
export type CheckReport =
  | {
      readonly status: "judged";
      readonly transactions_per_s: ComparedFigure;
      readonly round_trip_us: ComparedFigure;
      readonly log_rate_mb_s: ComparedFigure;
      /** The largest of the three departures, percent (unsigned). */
      readonly largest_departure_pct: number;
      /** How far the two may depart and still agree, percent. */
      readonly limit_pct: number;
      readonly agrees: boolean;
      /** Simulated seconds measured. */
      readonly run_s: number;
    }
  | { readonly status: "not_judged"; readonly reason: string };

/** Messages to the check worker. */
export interface ToCheckWorker {
  readonly type: "check";
  /** Identifies the request in its answer. */
  readonly id: number;
  readonly scenario: unknown;
}

/** Messages from the check worker. */
export type FromCheckWorker =
  | { readonly type: "checked"; readonly id: number; readonly report: CheckReport }
  /** The scenario was refused: every field at fault. */
  | { readonly type: "rejected"; readonly id: number; readonly errors: readonly FieldError[] }
  | { readonly type: "failed"; readonly id: number; readonly message: string };

/** Checks an incoming mailbox message is a `ToCheckWorker` (the worker ignores anything else). */
export function isToCheckWorker(data: unknown): data is ToCheckWorker {
  if (typeof data !== "object" || data === null) return false;
  const m = data as { type?: unknown; id?: unknown; scenario?: unknown };
  return m.type === "check" && Number.isInteger(m.id) && "scenario" in m;
}

/** The core's `checkAgainstModel` binding: scenario JSON in, report JSON out (throws field errors as JSON text). */
export type CheckBinding = (scenarioJson: string) => string;

/** The worker's answer to one request. */
export function answerCheck(check: CheckBinding, request: ToCheckWorker): FromCheckWorker {
  try {
    const report = JSON.parse(check(JSON.stringify(request.scenario))) as CheckReport;
    return { type: "checked", id: request.id, report };
  } catch (error) {
    const errors = fieldErrors(error);
    if (errors !== null) return { type: "rejected", id: request.id, errors };
    return { type: "failed", id: request.id, message: (error as Error).message ?? String(error) };
  }
}

/**
 * The check worker's mailbox: requests wait for a turn of the worker's own, and one that a newer
 * request has overtaken by then is never run (its answer would be dropped anyway), so a learner
 * moving a slider through a dozen values waits for one check, not twelve.
 */
export function checkMailbox(
  answer: (request: ToCheckWorker) => FromCheckWorker,
  post: (message: FromCheckWorker) => void,
  schedule: (task: () => void) => void,
): (data: unknown) => void {
  let waiting: ToCheckWorker | null = null;
  const run = () => {
    const request = waiting;
    waiting = null;
    if (request !== null) post(answer(request));
  };
  return (data) => {
    if (!isToCheckWorker(data)) return;
    if (waiting === null) schedule(run);
    waiting = data;
  };
}

/** What the client needs of the check worker (a DOM `Worker`, or an in-process stand-in in tests). */
export interface CheckWorkerPort {
  postMessage(message: ToCheckWorker): void;
  addEventListener(type: "message", listener: (event: MessageEvent<FromCheckWorker>) => void): void;
  terminate(): void;
}

/** The check's worker, bundled by Vite from check-worker.ts. */
export function createCheckWorker(): Worker {
  return new Worker(new URL("./check-worker.ts", import.meta.url), { type: "module" });
}

/** Answers for the UI: only the latest request's reach it. */
export interface ModelCheckListener {
  checked(report: CheckReport): void;
  rejected(errors: readonly FieldError[]): void;
  failed(message: string): void;
}

/** Sends scenarios to the check worker and passes on the answer to the latest one only. */
export class ModelCheckClient {
  private latest = 0;

  constructor(
    private readonly worker: CheckWorkerPort,
    private readonly listener: ModelCheckListener,
  ) {
    worker.addEventListener("message", (event) => this.receive(event.data));
  }

  /** Asks for `scenario` to be checked; an answer still due for an earlier one is dropped. */
  check(scenario: unknown): number {
    this.latest += 1;
    this.worker.postMessage({ type: "check", id: this.latest, scenario });
    return this.latest;
  }

  /** Stops the worker. */
  close(): void {
    this.worker.terminate();
  }

  private receive(message: FromCheckWorker): void {
    if (message.id !== this.latest) return;
    if (message.type === "checked") this.listener.checked(message.report);
    else if (message.type === "rejected") this.listener.rejected(message.errors);
    else this.listener.failed(message.message);
  }
}
