import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import type { CheckReport } from "../engine/model-check";
import { checkAgainstModel } from "../engine/pkg/mqpx.js";
import {
  describeCheck,
  describeFailure,
  describeRejection,
  formatMicroseconds,
  formatSignedPct,
} from "./model-check-panel";

const engine = nodeEngine(); // also initialises the wasm module the binding lives in

type Judged = Extract<CheckReport, { status: "judged" }>;

/** The core's report for the default scenario with `workload` fields changed. */
function reportFor(workload: Record<string, unknown>): CheckReport {
  const s = engine.defaultScenario() as unknown as { workload: Record<string, unknown> };
  Object.assign(s.workload, workload);
  return JSON.parse(checkAgainstModel(JSON.stringify(s))) as CheckReport;
}

function judged(report: CheckReport): Judged {
  if (report.status !== "judged") throw new Error(`not judged: ${report.reason}`);
  return report;
}

describe("simulation against the model", () => {
  it("shows the model's and the simulation's figures side by side with the departure", () => {
    const report = judged(reportFor({ persistence: "persistent" }));
    const view = describeCheck(report);
    expect(view.rows.map((r) => r.label)).toEqual(["Transactions/s", "Round trip", "Log MB/s"]);
    const [transactions] = view.rows;
    expect(transactions?.departure).toBe(formatSignedPct(report.transactions_per_s.departure_pct));
    expect(transactions?.simulated).toMatch(/ ±\d+\.\d%$/);
    expect(view.tone).toBe(report.agrees ? "agrees" : "departs");
    expect(view.verdict).toContain(`${report.limit_pct}%`);
    expect(view.verdict).toContain(report.largest_departure_pct.toFixed(1));
    expect(view.note).toContain(`${report.run_s.toPrecision(3)} s of steady state`);
  });

  it("leaves out the log rate where neither side logs anything", () => {
    const report = judged(reportFor({ persistence: "non_persistent" }));
    expect(report.log_rate_mb_s.model).toBe(0);
    expect(describeCheck(report).rows.map((r) => r.label)).toEqual(["Transactions/s", "Round trip"]);
  });

  it("says plainly which way and how far the simulation departs beyond the limit", () => {
    const report = judged(reportFor({ persistence: "persistent" }));
    // The same figures with the simulation's throughput a fifth below the model's.
    const slower: Judged = {
      ...report,
      transactions_per_s: { ...report.transactions_per_s, departure_pct: -20 },
      largest_departure_pct: 20,
      agrees: false,
    };
    const view = describeCheck(slower);
    expect(view.tone).toBe("departs");
    expect(view.verdict).toContain("departs from the model by 20.0%");
    expect(view.verdict).toContain("20.0% fewer transactions than the model");
    const faster = describeCheck({
      ...slower,
      transactions_per_s: { ...slower.transactions_per_s, departure_pct: 12 },
    });
    expect(faster.verdict).toContain("12.0% more transactions");
    // The figure that departs furthest is the one named.
    const logging = describeCheck({
      ...slower,
      transactions_per_s: { ...slower.transactions_per_s, departure_pct: 2 },
      log_rate_mb_s: { ...slower.log_rate_mb_s, departure_pct: -14 },
    });
    expect(logging.verdict).toContain("logs 14.0% less a second than the model");
    const trip = describeCheck({
      ...slower,
      transactions_per_s: { ...slower.transactions_per_s, departure_pct: -9 },
      round_trip_us: { ...slower.round_trip_us, departure_pct: 11 },
    });
    expect(trip.verdict).toContain("round trip is 11.0% longer than the model's");
  });

  it("gives the reason where the core did not judge, and the fields it refused", () => {
    const unjudged = describeCheck(reportFor({ kind: "channel_move", queue_managers: 2 }));
    expect(unjudged.tone).toBe("unjudged");
    expect(unjudged.verdict).toMatch(/^Not checked: .*grids of its own\.$/);
    expect(unjudged.rows).toHaveLength(0);
    expect(unjudged.note).toBe("");
    const refused = describeRejection([{ field: "log.stripes", value: "9", allowed: "1 to 4" }]);
    expect(refused.verdict).toContain("log.stripes: 1 to 4");
    expect(describeFailure("the engine stopped").tone).toBe("failed");
  });

  it("writes times in the unit that reads best and signs departures", () => {
    expect(formatMicroseconds(512)).toBe("512 µs");
    expect(formatMicroseconds(1234)).toBe("1.23 ms");
    expect(formatMicroseconds(2_500_000)).toBe("2.50 s");
    expect(formatSignedPct(-3.14)).toBe("\u22123.1%");
    expect(formatSignedPct(0.04)).toBe("0.0%");
    expect(formatSignedPct(12)).toBe("+12.0%");
  });
});
