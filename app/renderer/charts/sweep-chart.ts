/**
 * A model curve across one swept parameter, drawn with D3, with the current scenario as a marker.
 * The data always comes from the engine's sweep; the chart only draws.
 */
import { axisBottom, axisLeft, format, line, scaleLinear, scaleLog, select } from "d3";

/** One curve to draw. */
export interface SweepSeries {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly xs: readonly number[];
  readonly ys: ArrayLike<number>;
  /** The current scenario's position, if on the curve. */
  readonly marker?: { readonly x: number; readonly y: number };
  readonly logX?: boolean;
  /** Log scale on y, for figures that span decades (all values must be positive). */
  readonly logY?: boolean;
}

const MARGIN = { top: 32, right: 20, bottom: 44, left: 64 };

/** Draws (or redraws) `series` into `container`, sized to the container. */
export function drawSweepChart(container: HTMLElement, series: SweepSeries): void {
  const width = Math.max(container.clientWidth, 320);
  const height = Math.max(container.clientHeight, 220);
  const root = select(container);
  root.selectAll("svg").remove();
  const svg = root
    .append("svg")
    .attr("width", width)
    .attr("height", height)
    .attr("role", "img")
    .attr("aria-label", series.title)
    .attr("data-testid", "sweep-chart");
  const innerW = width - MARGIN.left - MARGIN.right;
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const points = series.xs.map((x, i) => [x, series.ys[i] ?? 0] as const);
  const xDomain = [Math.min(...series.xs), Math.max(...series.xs)] as const;
  const ys = points.map((p) => p[1]);
  const yMax = Math.max(...ys, series.marker?.y ?? 0) * 1.1 || 1;
  const x = (series.logX ? scaleLog() : scaleLinear()).domain(xDomain).range([0, innerW]);
  const yMin = Math.min(...ys.filter((v) => v > 0));
  const y = (
    series.logY && Number.isFinite(yMin) ? scaleLog().domain([yMin / 1.5, yMax]) : scaleLinear().domain([0, yMax])
  )
    .range([innerH, 0])
    .nice();
  const g = svg.append("g").attr("transform", `translate(${MARGIN.left},${MARGIN.top})`);

  svg.append("text").attr("class", "chart-title").attr("x", MARGIN.left).attr("y", 20).text(series.title);
  g.append("g")
    .attr("class", "axis")
    .attr("transform", `translate(0,${innerH})`)
    .call(axisBottom(x).ticks(6, format("~s")));
  g.append("g")
    .attr("class", "axis")
    .call(axisLeft(y).ticks(5, format("~s")));
  g.append("text")
    .attr("class", "axis-label")
    .attr("x", innerW / 2)
    .attr("y", innerH + 36)
    .attr("text-anchor", "middle")
    .text(series.xLabel);
  g.append("text")
    .attr("class", "axis-label")
    .attr("transform", "rotate(-90)")
    .attr("x", -innerH / 2)
    .attr("y", -48)
    .attr("text-anchor", "middle")
    .text(series.yLabel);

  const path = line<readonly [number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));
  g.append("path").attr("class", "curve").attr("d", path(points));

  if (series.marker) {
    g.append("circle")
      .attr("class", "marker")
      .attr("cx", x(series.marker.x))
      .attr("cy", y(series.marker.y))
      .attr("r", 5)
      .append("title")
      .text(`${format(",.0f")(series.marker.x)} → ${format(",.0f")(series.marker.y)}`);
  }
}
