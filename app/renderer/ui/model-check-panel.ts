/**
 * "Simulation against the model": the scenario's simulated steady state beside the model's
 * throughput, round trip and log rate, and whether the two agree within the bound the model is
 * held to. Where they depart, the panel says so and by how much, so nobody takes the model's
 * figure for a scenario at more than it is worth. The text is worked out by `describeCheck`, a
 * pure function the unit tests read; `mountModelCheck` only puts it on the page.
 */
import type { CheckReport, ComparedFigure } from "../engine/model-check";
import type { FieldError } from "../engine/types";
import { element } from "./dom";

/** How the check came out, for the panel's styling. */
export type CheckTone = "checking" | "agrees" | "departs" | "unjudged" | "failed";

/** One figure as shown: the model's, the simulation's with its confidence, and the departure. */
export interface CheckRow {
  readonly label: string;
  readonly model: string;
  readonly simulated: string;
  readonly departure: string;
}

/** Everything the panel shows. */
export interface CheckView {
  readonly tone: CheckTone;
  readonly verdict: string;
  readonly rows: readonly CheckRow[];
  /** How the simulated figures were measured ("" where there are none). */
  readonly note: string;
}

const whole = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** A rate per second, with three significant figures below a hundred. */
function formatRate(perS: number): string {
  return perS >= 100 ? whole.format(perS) : perS.toPrecision(3);
}

/** A duration given in microseconds, in the unit that reads best. */
export function formatMicroseconds(us: number): string {
  if (us >= 1e6) return `${(us / 1e6).toPrecision(3)} s`;
  if (us >= 1e3) return `${(us / 1e3).toPrecision(3)} ms`;
  return `${us.toPrecision(3)} µs`;
}

/** A signed percentage to one decimal (a true minus sign for negatives). */
export function formatSignedPct(pct: number): string {
  const text = Math.abs(pct).toFixed(1);
  if (text === "0.0") return "0.0%";
  return `${pct < 0 ? "\u2212" : "+"}${text}%`;
}

/** The simulation's estimate with its 95% half-width as a share of the mean. */
function withConfidence(figure: ComparedFigure, format: (value: number) => string): string {
  const { mean, half_width_95 } = figure.simulated;
  if (!(mean > 0)) return format(mean);
  return `${format(mean)} ±${((half_width_95 / mean) * 100).toFixed(1)}%`;
}

function row(label: string, figure: ComparedFigure, format: (value: number) => string): CheckRow {
  return {
    label,
    model: format(figure.model),
    simulated: withConfidence(figure, format),
    departure: formatSignedPct(figure.departure_pct),
  };
}

/** Which figure departs furthest, and which way, in words. */
function furthest(report: Extract<CheckReport, { status: "judged" }>): string {
  const figures: [number, (by: string, above: boolean) => string][] = [
    [
      report.transactions_per_s.departure_pct,
      (by, above) => `the simulation completes ${by} ${above ? "more" : "fewer"} transactions than the model`,
    ],
    [
      report.round_trip_us.departure_pct,
      (by, above) => `the simulated round trip is ${by} ${above ? "longer" : "shorter"} than the model's`,
    ],
    [
      report.log_rate_mb_s.departure_pct,
      (by, above) => `the simulation logs ${by} ${above ? "more" : "less"} a second than the model`,
    ],
  ];
  const [pct, say] = figures.reduce((a, b) => (Math.abs(b[0]) > Math.abs(a[0]) ? b : a));
  return say(`${Math.abs(pct).toFixed(1)}%`, pct > 0);
}

/** The panel's text for a report from the core. */
export function describeCheck(report: CheckReport): CheckView {
  if (report.status === "not_judged") {
    return { tone: "unjudged", verdict: `Not checked: ${report.reason}.`, rows: [], note: "" };
  }
  const rows = [
    row("Transactions/s", report.transactions_per_s, formatRate),
    row("Round trip", report.round_trip_us, formatMicroseconds),
  ];
  // Nonpersistent work logs nothing on either side: a row of zeros would say nothing.
  if (report.log_rate_mb_s.model > 0 || report.log_rate_mb_s.simulated.mean > 0) {
    rows.push(row("Log MB/s", report.log_rate_mb_s, (v) => v.toPrecision(3)));
  }
  const transactions = Math.round(report.transactions_per_s.simulated.mean * report.run_s);
  const note =
    `Simulated for ${report.run_s.toPrecision(3)} s of steady state after a warm-up ` +
    `(${whole.format(transactions)} transactions); ± is the 95% confidence half-width.`;
  const largest = report.largest_departure_pct.toFixed(1);
  const limit = report.limit_pct.toFixed(0);
  if (report.agrees) {
    return {
      tone: "agrees",
      verdict: `The simulation agrees with the model within ${limit}% (largest departure ${largest}%).`,
      rows,
      note,
    };
  }
  return {
    tone: "departs",
    verdict:
      `The simulation departs from the model by ${largest}% here, beyond the ${limit}% the two are held to ` +
      `(${furthest(report)}): take the model's figures for this scenario as approximate.`,
    rows,
    note,
  };
}

/** The panel's text while a check runs. */
export const CHECKING: CheckView = {
  tone: "checking",
  verdict: "Simulating the steady state to check it against the model…",
  rows: [],
  note: "",
};

/** The panel's text when the core refused the scenario. */
export function describeRejection(errors: readonly FieldError[]): CheckView {
  return {
    tone: "failed",
    verdict: `Not checked: the scenario was refused (${errors.map((e) => `${e.field}: ${e.allowed}`).join("; ")}).`,
    rows: [],
    note: "",
  };
}

/** The panel's text when the check itself failed. */
export function describeFailure(message: string): CheckView {
  return { tone: "failed", verdict: `Not checked: ${message}`, rows: [], note: "" };
}

/** Puts the panel in `container`; returns the function that shows a view in it. */
export function mountModelCheck(container: HTMLElement): (view: CheckView) => void {
  container.append(element("h3", "model-check-title", "Simulation against the model"));
  const verdict = element("p", "check-verdict");
  const table = element("table", "check-figures");
  const head = element("thead");
  const headRow = element("tr");
  for (const title of ["", "Model", "Simulated", "Departs"]) headRow.append(element("th", "", title));
  head.append(headRow);
  const body = element("tbody");
  table.append(head, body);
  const note = element("p", "check-note");
  container.append(verdict, table, note);
  return (view) => {
    container.dataset.tone = view.tone;
    verdict.textContent = view.verdict;
    table.hidden = view.rows.length === 0;
    note.textContent = view.note;
    body.replaceChildren(
      ...view.rows.map((r) => {
        const tr = element("tr");
        tr.append(
          element("th", "", r.label),
          element("td", "", r.model),
          element("td", "", r.simulated),
          element("td", "", r.departure),
        );
        return tr;
      }),
    );
  };
}
