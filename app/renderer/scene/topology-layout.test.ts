import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import { Simulation } from "../engine/pkg/mqpx.js";
import { NODE_KINDS, type TopologyNode } from "../engine/sim-protocol";
import { openSimulation } from "../engine/simulation";
import { isKnownKind, layoutTopology } from "./topology-layout";

const engine = nodeEngine();

/** The topology the core builds for the default scenario with `patch` applied to its sections. */
function coreTopology(patch: Record<string, Record<string, unknown>> = {}): readonly TopologyNode[] {
  const scenario = engine.defaultScenario() as unknown as Record<string, Record<string, unknown>>;
  for (const [section, fields] of Object.entries(patch)) Object.assign(scenario[section] as object, fields);
  const sim = openSimulation(Simulation, scenario, 1);
  try {
    return sim.topology().nodes;
  } finally {
    sim.free();
  }
}

function xOf(layout: ReturnType<typeof layoutTopology>, id: number): number {
  return layout.positions[3 * id] as number;
}

function positionKeys(layout: ReturnType<typeof layoutTopology>, nodes: readonly TopologyNode[]): Set<string> {
  return new Set(
    nodes.map((n) => `${layout.positions[3 * n.id]?.toFixed(3)},${layout.positions[3 * n.id + 2]?.toFixed(3)}`),
  );
}

describe("topology layout", () => {
  it("places the core's nodes left to right in the order a persistent message flows", () => {
    const nodes = coreTopology({ log: { io_mode: "zhyperlink" } });
    const layout = layoutTopology(nodes);
    const xsOf = (kind: string) => {
      const xs = nodes.filter((n) => n.kind === kind).map((n) => xOf(layout, n.id));
      expect(xs.length, `the core builds ${kind} nodes`).toBeGreaterThan(0);
      return xs;
    };
    const flow = ["application", "queue", "log_buffer", "logger", "channel_path", "log_data_set"];
    for (let i = 1; i < flow.length; i++) {
      // Every node of a stage stands right of every node of the stage before it.
      expect(Math.min(...xsOf(flow[i] as string))).toBeGreaterThan(Math.max(...xsOf(flow[i - 1] as string)));
    }
    // The two I/O paths start in the same column, side by side between the logger and the data sets.
    expect(Math.min(...xsOf("pfid"))).toBe(Math.min(...xsOf("channel_path")));
    expect(Math.max(...xsOf("pfid"))).toBeLessThan(Math.min(...xsOf("log_data_set")));
  });

  it("places a shared-queue request's path behind the applications: links, then the coupling facility", () => {
    const nodes = coreTopology({ workload: { queue_type: "shared", queue_managers: 2, requesters: 4, servers: 4 } });
    const layout = layoutTopology(nodes);
    const xs = (kind: string) => nodes.filter((n) => n.kind === kind).map((n) => xOf(layout, n.id));
    expect(xs("cf_link").length).toBeGreaterThan(1);
    expect(Math.min(...xs("cf_link"))).toBeGreaterThan(Math.max(...xs("application")));
    expect(Math.min(...xs("coupling_facility"))).toBeGreaterThan(Math.max(...xs("cf_link")));
    expect(Math.min(...xs("cf_structure"))).toBeGreaterThan(Math.max(...xs("coupling_facility")));
    for (const kind of ["cf_link", "coupling_facility", "cf_structure"]) expect(isKnownKind(kind)).toBe(true);
  });

  it("puts client channels between the applications and their queues, message channels before the network", () => {
    const clients = coreTopology({ connection: { client_applications: true, sharecnv: 10, curshcnv: 10 } });
    const clientLayout = layoutTopology(clients);
    const clientXs = (kind: string) => clients.filter((n) => n.kind === kind).map((n) => xOf(clientLayout, n.id));
    expect(clientXs("channel").length).toBeGreaterThan(0);
    expect(Math.min(...clientXs("channel"))).toBeGreaterThan(Math.max(...clientXs("application")));
    expect(Math.max(...clientXs("channel"))).toBeLessThan(Math.min(...clientXs("queue")));

    const moved = coreTopology({ workload: { kind: "channel_move", queue_managers: 2 } });
    const movedLayout = layoutTopology(moved);
    const movedXs = (kind: string) => moved.filter((n) => n.kind === kind).map((n) => xOf(movedLayout, n.id));
    expect(movedXs("network")).toHaveLength(1);
    expect(Math.min(...movedXs("network"))).toBeGreaterThan(Math.max(...movedXs("channel")));
    expect(Math.min(...movedXs("channel"))).toBeGreaterThan(Math.max(...movedXs("queue")));
  });

  it("gives every node a place of its own, even with hundreds of tasks and many data sets", () => {
    for (const nodes of [
      coreTopology({ workload: { queue_type: "shared", queue_managers: 4, requesters: 40, servers: 40 } }),
      coreTopology({ workload: { kind: "channel_move", queue_managers: 2 } }),
      coreTopology({ connection: { client_applications: true, sharecnv: 1, curshcnv: 1 } }),
      coreTopology(),
      coreTopology({ workload: { requesters: 200, servers: 50, queue_pairs: 8 }, log: { copies: 2, stripes: 4 } }),
    ]) {
      const layout = layoutTopology(nodes);
      // The renderer's list of kinds keeps up with the core's.
      for (const n of nodes) expect(NODE_KINDS).toContain(n.kind);
      expect(positionKeys(layout, nodes).size).toBe(nodes.length);
      for (const v of layout.positions) expect(Number.isFinite(v)).toBe(true);
      const [minX, minZ, maxX, maxZ] = layout.bounds;
      for (const n of nodes) {
        expect(xOf(layout, n.id)).toBeGreaterThanOrEqual(minX);
        expect(xOf(layout, n.id)).toBeLessThanOrEqual(maxX);
        expect(layout.positions[3 * n.id + 2]).toBeGreaterThanOrEqual(minZ);
        expect(layout.positions[3 * n.id + 2]).toBeLessThanOrEqual(maxZ);
        expect(layout.sizes[n.id]).toBeGreaterThan(0);
        expect(layout.sizes[n.id]).toBeLessThanOrEqual(1);
      }
    }
  });

  it("shrinks nodes in a crowded lane", () => {
    const few = layoutTopology(coreTopology());
    const many = coreTopology({ workload: { requesters: 200, servers: 50 } });
    const crowded = layoutTopology(many);
    const app = many.find((n) => n.kind === "application") as TopologyNode;
    expect(crowded.sizes[app.id]).toBeLessThan(few.sizes[app.id] as number);
  });

  it("keeps a kind's nodes in id order along their lane", () => {
    const nodes = coreTopology({ log: { copies: 1, stripes: 4 } });
    const layout = layoutTopology(nodes);
    const zs = nodes.filter((n) => n.kind === "log_data_set").map((n) => layout.positions[3 * n.id + 2] as number);
    expect(zs).toHaveLength(4);
    for (let i = 1; i < zs.length; i++) expect(zs[i]).toBeGreaterThan(zs[i - 1] as number);
  });

  it("places kinds it does not know in columns of their own instead of failing", () => {
    const nodes: TopologyNode[] = [
      { id: 0, kind: "application", label: "requester 1" },
      { id: 1, kind: "queue", label: "queue 1" },
      { id: 3, kind: "kafka_broker" as TopologyNode["kind"], label: "broker" },
      { id: 2, kind: "kafka_broker" as TopologyNode["kind"], label: "broker 2" },
      { id: 4, kind: "mystery" as TopologyNode["kind"], label: "?" },
    ];
    expect(isKnownKind("kafka_broker")).toBe(false);
    expect(isKnownKind("queue")).toBe(true);
    const layout = layoutTopology(nodes);
    expect(layout.kinds).toEqual(["application", "queue", "kafka_broker", "kafka_broker", "mystery"]);
    expect(positionKeys(layout, nodes).size).toBe(nodes.length);
    const knownMaxX = Math.max(xOf(layout, 0), xOf(layout, 1));
    expect(xOf(layout, 2)).toBeGreaterThan(knownMaxX);
    expect(xOf(layout, 2)).toBe(xOf(layout, 3));
    expect(xOf(layout, 4)).not.toBe(xOf(layout, 2));
    // Within a lane, id order decides: node 2 before node 3 although listed after it.
    expect(layout.positions[3 * 2 + 2]).toBeLessThan(layout.positions[3 * 3 + 2] as number);
  });

  it("lays out an empty topology without NaN", () => {
    const layout = layoutTopology([]);
    expect(layout.positions).toHaveLength(0);
    expect(layout.bounds.every(Number.isFinite)).toBe(true);
  });
});
