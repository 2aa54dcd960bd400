/**
 * A live chart of the simulation's time series beside the animation (queue depth, log buffer
 * fill, PFID busy %...), one small row per series sharing the time axis, drawn with D3 up to the
 * playhead so that it tells the same moment as the particles. The samples come from the
 * simulation; the chart only draws them.
 */
import { axisBottom, line, scaleLinear, select } from "d3";
import { formatSimTime } from "../ui/transport";

/** Samples as the client's series window keeps them: one row of values per sample time. */
export interface SeriesSource {
  readonly names: readonly string[];
  readonly timeS: readonly number[];
  readonly values: readonly (readonly number[])[];
}

/** How each series the core reports today is labelled; others are shown by their name. */
const LABELS: Readonly<Record<string, string>> = {
  queue_depth: "queue depth (messages)",
  log_buffer_kb: "log buffer fill (KB)",
  cpu_busy_pct: "CPU busy %",
  logger_waiters: "tasks waiting for the log",
  pfid_busy_pct: "zHyperLink PFID busy %",
  cf_link_busy_pct: "CF link busy %",
  cf_busy_pct: "coupling facility busy %",
  stream_queue_depth: "stream queue depth (messages)",
  xmitq_depth: "transmission queue depth (messages)",
  network_busy_pct: "network busy %",
};

/** The label of series `name`. */
export function seriesLabel(name: string): string {
  return LABELS[name] ?? name.replaceAll("_", " ");
}

/** Series whose values are percentages get a fixed 0..100 axis, so a busy path looks busy. */
function isPercent(name: string): boolean {
  return name.endsWith("_pct");
}

/**
 * Index range [start, end) of the last `count` samples at or before `nowS` in `timeS` (sorted,
 * oldest first): what the chart shows at the playhead.
 */
export function visibleRange(timeS: readonly number[], nowS: number, count: number): [number, number] {
  let lo = 0;
  let hi = timeS.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((timeS[mid] as number) <= nowS) lo = mid + 1;
    else hi = mid;
  }
  return [Math.max(0, lo - Math.max(0, count)), lo];
}

/** A mounted live chart. */
export interface LiveSeriesChart {
  /** Draws the last `count` samples of `source` up to simulated time `nowS`. */
  draw(source: SeriesSource, nowS: number, count: number): void;
}

const MARGIN = { top: 22, right: 56, bottom: 26, left: 12 };

/** Mounts the chart into `container` (it sizes itself to the container at each draw). */
export function mountSeriesChart(container: HTMLElement): LiveSeriesChart {
  const root = select(container);
  root.selectAll("*").remove();
  const svg = root.append("svg").attr("role", "img").attr("data-testid", "series-chart");
  svg.append("text").attr("class", "chart-title").attr("x", MARGIN.left).attr("y", 15).text("Simulation, live");
  const rows = svg.append("g").attr("class", "rows");
  const axis = svg.append("g").attr("class", "axis");
  let shownNames = "";

  return {
    draw(source, nowS, count) {
      const width = Math.max(container.clientWidth, 280);
      const height = Math.max(container.clientHeight, 160);
      svg.attr("width", width).attr("height", height);
      const names = source.names;
      if (names.join("\u0000") !== shownNames) {
        shownNames = names.join("\u0000");
        rows.selectAll("*").remove();
        for (const name of names) {
          const g = rows.append("g").attr("class", "series-row").attr("data-series", name);
          g.append("rect").attr("class", "row-band");
          g.append("path").attr("class", "series-line");
          g.append("text").attr("class", "series-label");
          g.append("text").attr("class", "series-value").attr("text-anchor", "start");
        }
      }
      const innerW = width - MARGIN.left - MARGIN.right;
      const innerH = height - MARGIN.top - MARGIN.bottom;
      const rowH = names.length > 0 ? innerH / names.length : innerH;
      const [start, end] = visibleRange(source.timeS, nowS, count);
      const times = source.timeS.slice(start, end);
      const t0 = times[0] ?? nowS;
      const x = scaleLinear()
        .domain([t0, Math.max(nowS, t0 + 1e-9)])
        .range([0, innerW]);
      svg.attr("aria-label", `Simulation time series up to ${formatSimTime(nowS)}`);
      names.forEach((name, k) => {
        const values = source.values.slice(start, end).map((row) => row[k] ?? 0);
        const top = MARGIN.top + k * rowH;
        const max = isPercent(name) ? 100 : Math.max(1, ...values);
        const y = scaleLinear()
          .domain([0, max])
          .range([top + rowH - 3, top + 14]);
        const g = rows.select<SVGGElement>(`g[data-series="${name}"]`);
        g.select("rect")
          .attr("x", MARGIN.left)
          .attr("y", top)
          .attr("width", innerW)
          .attr("height", Math.max(0, rowH - 2));
        const path = line<number>()
          .x((_, i) => MARGIN.left + x(times[i] as number))
          .y((v) => y(v));
        g.select("path").attr("d", values.length > 1 ? path(values) : null);
        g.select(".series-label")
          .attr("x", MARGIN.left + 4)
          .attr("y", top + 11)
          .text(`${seriesLabel(name)} (max ${max.toLocaleString("en-US", { maximumFractionDigits: 1 })})`);
        const last = values[values.length - 1];
        g.select(".series-value")
          .attr("x", MARGIN.left + innerW + 4)
          .attr("y", top + rowH / 2 + 4)
          .text(last === undefined ? "—" : last.toLocaleString("en-US", { maximumFractionDigits: 1 }));
      });
      axis.attr("transform", `translate(${MARGIN.left},${MARGIN.top + innerH})`).call(
        axisBottom(x)
          .ticks(4)
          .tickFormat((d) => formatSimTime(Number(d))),
      );
    },
  };
}
