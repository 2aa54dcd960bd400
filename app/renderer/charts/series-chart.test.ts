import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import { Simulation } from "../engine/pkg/mqpx.js";
import { openSimulation } from "../engine/simulation";
import { seriesLabel, visibleRange } from "./series-chart";

describe("live series chart", () => {
  it("shows the last samples at or before the playhead, never those ahead of it", () => {
    const times = [0, 1, 2, 3, 4, 5];
    expect(visibleRange(times, 3.5, 2)).toEqual([2, 4]);
    expect(visibleRange(times, 3, 2)).toEqual([2, 4]);
    expect(visibleRange(times, 3, 100)).toEqual([0, 4]);
    expect(visibleRange(times, -1, 3)).toEqual([0, 0]);
    expect(visibleRange(times, 99, 3)).toEqual([3, 6]);
    expect(visibleRange([], 1, 3)).toEqual([0, 0]);
  });

  it("labels the core's series by what they measure, and unknown ones by their name", () => {
    expect(seriesLabel("queue_depth")).toMatch(/queue depth/);
    expect(seriesLabel("pfid_busy_pct")).toMatch(/PFID busy %/);
    expect(seriesLabel("new_thing_count")).toBe("new thing count");
  });

  it("has a label of its own for every series the core writes, whatever the scenario", () => {
    const engine = nodeEngine();
    const patches: Record<string, Record<string, unknown>>[] = [
      {},
      { log: { io_mode: "zhyperlink" } },
      { workload: { queue_type: "shared", queue_managers: 2 } },
      { workload: { kind: "channel_move", queue_managers: 2 } },
      { streaming: { enabled: true } },
    ];
    const names = new Set<string>();
    for (const patch of patches) {
      const scenario = engine.defaultScenario() as unknown as Record<string, Record<string, unknown>>;
      for (const [section, fields] of Object.entries(patch)) Object.assign(scenario[section] as object, fields);
      const sim = openSimulation(Simulation, scenario, 1, { series_interval_s: 1e-3 });
      try {
        sim.advance(0.01);
        for (const name of sim.series().names) names.add(name);
      } finally {
        sim.free();
      }
    }
    for (const name of ["cf_link_busy_pct", "pfid_busy_pct", "xmitq_depth"]) expect(names).toContain(name);
    for (const name of names) expect(seriesLabel(name), name).not.toBe(name.replaceAll("_", " "));
  });
});
