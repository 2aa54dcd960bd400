import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import { Simulation } from "../engine/pkg/mqpx.js";
import { openSimulation } from "../engine/simulation";
import { describeTopology, legendEntries } from "./scene-legend";

const engine = nodeEngine();

/** Node kinds of the topology the core builds for the default scenario patched by `patch`. */
function kindsOf(patch: Record<string, Record<string, unknown>>): Set<string> {
  const scenario = engine.defaultScenario() as unknown as Record<string, Record<string, unknown>>;
  for (const [section, fields] of Object.entries(patch)) Object.assign(scenario[section] as object, fields);
  const sim = openSimulation(Simulation, scenario, 1);
  try {
    return new Set(sim.topology().nodes.map((n) => n.kind));
  } finally {
    sim.free();
  }
}

const texts = (kinds: Set<string>) => legendEntries(kinds).map((e) => e.text);

describe("scene legend", () => {
  it("keys only what a private-queue run can show", () => {
    const key = texts(kindsOf({}));
    expect(key).toContain("persistent message");
    expect(key).toContain("asynchronous write (FICON)");
    expect(key.some((t) => t.startsWith("CF"))).toBe(false);
    expect(key.some((t) => t.startsWith("channel batch"))).toBe(false);
    expect(key.some((t) => t.includes("zHyperLink"))).toBe(false);
  });

  it("adds the coupling facility's requests and replies for shared queues", () => {
    const key = texts(kindsOf({ workload: { queue_type: "shared" } }));
    expect(key.filter((t) => t.startsWith("CF"))).toHaveLength(3);
  });

  it("adds channel batches when messages cross a network, the synchronous path with zHyperLink", () => {
    expect(texts(kindsOf({ workload: { kind: "channel_move", queue_managers: 2 } }))).toContain(
      "channel batch (end of batch)",
    );
    expect(texts(kindsOf({ log: { io_mode: "zhyperlink" } }))).toContain("synchronous write (zHyperLink)");
  });

  it("gives each line a colour and counts nodes as one would say them", () => {
    for (const entry of legendEntries(kindsOf({ workload: { queue_type: "shared" } }))) {
      expect(entry.colour).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(
      describeTopology([
        { id: 0, kind: "application", label: "a" },
        { id: 1, kind: "application", label: "b" },
        { id: 2, kind: "logger", label: "logger" },
      ]),
    ).toBe("2 applications · 1 logger");
  });
});
