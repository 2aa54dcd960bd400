import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import {
  answerCheck,
  type CheckWorkerPort,
  checkMailbox,
  type FromCheckWorker,
  isToCheckWorker,
  ModelCheckClient,
  type ToCheckWorker,
} from "./model-check";
import { checkAgainstModel } from "./pkg/mqpx.js";

const engine = nodeEngine(); // also initialises the wasm module the binding lives in

/** The default scenario with `workload` fields changed. */
function scenarioWith(workload: Record<string, unknown>): Record<string, unknown> {
  const s = engine.defaultScenario() as unknown as { workload: Record<string, unknown> };
  Object.assign(s.workload, workload);
  return s;
}

describe("the model check's worker answer", () => {
  it("sets the simulated steady state against the model's own figures", () => {
    const scenario = scenarioWith({ persistence: "persistent" });
    const answer = answerCheck(checkAgainstModel, { type: "check", id: 7, scenario });
    expect(answer.type).toBe("checked");
    if (answer.type !== "checked" || answer.report.status !== "judged") throw new Error("not judged");
    const report = answer.report;
    expect(answer.id).toBe(7);
    const model = engine.evaluate(engine.parseScenario(scenario)).request_reply as Record<string, number>;
    expect(report.transactions_per_s.model).toBe(model.transactions_s);
    expect(report.round_trip_us.model).toBe(model.round_trip_us);
    for (const figure of [report.transactions_per_s, report.round_trip_us, report.log_rate_mb_s]) {
      expect(figure.simulated.mean).toBeGreaterThan(0);
      expect(figure.departure_pct).toBeCloseTo(((figure.simulated.mean - figure.model) / figure.model) * 100, 9);
    }
    const largest = Math.max(
      ...[report.transactions_per_s, report.round_trip_us, report.log_rate_mb_s].map((f) => Math.abs(f.departure_pct)),
    );
    expect(report.largest_departure_pct).toBeCloseTo(largest, 9);
    expect(report.agrees).toBe(largest <= report.limit_pct);
  });

  it("names the fields of a scenario the core refuses", () => {
    const answer = answerCheck(checkAgainstModel, {
      type: "check",
      id: 2,
      scenario: scenarioWith({ message_size_bytes: -5 }),
    });
    expect(answer.type).toBe("rejected");
    if (answer.type !== "rejected") throw new Error("not rejected");
    expect(answer.errors.map((e) => e.field)).toContain("workload.message_size_bytes");
  });

  it("says why a workload outside the check is not judged", () => {
    const answer = answerCheck(checkAgainstModel, {
      type: "check",
      id: 3,
      scenario: scenarioWith({ kind: "channel_move", queue_managers: 2 }),
    });
    if (answer.type !== "checked" || answer.report.status !== "not_judged") throw new Error("judged");
    expect(answer.report.reason).toMatch(/grids of its own/);
  });

  it("reports a failure that is not a field error as a failure", () => {
    const broken = () => {
      throw new Error("out of memory");
    };
    expect(answerCheck(broken, { type: "check", id: 4, scenario: {} })).toEqual({
      type: "failed",
      id: 4,
      message: "out of memory",
    });
  });

  it("takes only well-formed check requests from the mailbox", () => {
    expect(isToCheckWorker({ type: "check", id: 1, scenario: {} })).toBe(true);
    expect(isToCheckWorker({ type: "check", id: 1.5, scenario: {} })).toBe(false);
    expect(isToCheckWorker({ type: "check", id: 1 })).toBe(false);
    expect(isToCheckWorker({ type: "start", id: 1, scenario: {} })).toBe(false);
    expect(isToCheckWorker(null)).toBe(false);
  });
});

describe("the model check's mailbox", () => {
  it("runs only the newest request waiting when its turn comes, and ignores what is not a request", () => {
    const turns: (() => void)[] = [];
    const ran: number[] = [];
    const posted: FromCheckWorker[] = [];
    const receive = checkMailbox(
      (request) => {
        ran.push(request.id);
        return { type: "failed", id: request.id, message: "stub" };
      },
      (message) => posted.push(message),
      (task) => turns.push(task),
    );
    receive({ type: "check", id: 1, scenario: {} });
    receive({ type: "check", id: 2, scenario: {} });
    receive({ type: "stop" });
    expect(turns).toHaveLength(1);
    turns.shift()?.();
    expect(ran).toEqual([2]);
    expect(posted.map((m) => m.id)).toEqual([2]);
    receive({ type: "check", id: 3, scenario: {} });
    expect(turns).toHaveLength(1);
    turns.shift()?.();
    expect(ran).toEqual([2, 3]);
  });
});

/** A worker that answers only when told to, in any order. */
class HeldWorker implements CheckWorkerPort {
  readonly requests: ToCheckWorker[] = [];
  private listener: ((event: MessageEvent<FromCheckWorker>) => void) | null = null;
  terminated = false;

  postMessage(message: ToCheckWorker): void {
    this.requests.push(message);
  }

  addEventListener(_type: "message", listener: (event: MessageEvent<FromCheckWorker>) => void): void {
    this.listener = listener;
  }

  terminate(): void {
    this.terminated = true;
  }

  answer(request: ToCheckWorker): void {
    this.listener?.({ data: answerCheck(checkAgainstModel, request) } as MessageEvent<FromCheckWorker>);
  }
}

describe("the model check's client", () => {
  it("passes on the answer to the latest request only", () => {
    const worker = new HeldWorker();
    const seen: string[] = [];
    const client = new ModelCheckClient(worker, {
      checked: (report) => seen.push(report.status),
      rejected: (errors) => seen.push(`rejected ${errors[0]?.field}`),
      failed: (message) => seen.push(`failed ${message}`),
    });
    client.check(scenarioWith({ message_size_bytes: -1 }));
    const latest = client.check(scenarioWith({ kind: "channel_move", queue_managers: 2 }));
    expect(worker.requests.map((r) => r.id)).toEqual([1, latest]);
    // The earlier request's answer comes last: it is dropped.
    worker.answer(worker.requests[1] as ToCheckWorker);
    worker.answer(worker.requests[0] as ToCheckWorker);
    expect(seen).toEqual(["not_judged"]);
    client.close();
    expect(worker.terminated).toBe(true);
  });
});
