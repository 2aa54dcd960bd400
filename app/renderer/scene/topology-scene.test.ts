import { describe, expect, it } from "vitest";
import { NODE_KINDS, type TopologyNode } from "../engine/sim-protocol";
import { ParticleStyle, WaitStyle } from "./particle-field";
import { isKnownKind, layoutTopology } from "./topology-layout";
import { countOf, hasNodeLook, PARTICLE_COLOURS, sceneLabels, WAIT_COLOURS } from "./topology-scene";

describe("scene labels", () => {
  it("name few nodes one by one and a crowd of one kind once, at the front of its lane", () => {
    const nodes: TopologyNode[] = [
      { id: 0, kind: "log_buffer", label: "log buffer" },
      { id: 1, kind: "logger", label: "logger" },
    ];
    for (let s = 0; s < 8; s++) nodes.push({ id: 2 + s, kind: "log_data_set", label: `data set ${s}` });
    const layout = layoutTopology(nodes);
    const labels = sceneLabels(
      layout,
      nodes.map((n) => n.label),
    );
    expect(labels.map((l) => l.text).sort()).toEqual(["8 log data sets", "log buffer", "logger"]);
    const group = labels.find((l) => l.text === "8 log data sets");
    const zs = nodes.filter((n) => n.kind === "log_data_set").map((n) => layout.positions[3 * n.id + 2] as number);
    expect(group?.z).toBe(Math.max(...zs));
  });

  it("count nodes as one would say them", () => {
    expect(countOf(8, "log_data_set")).toBe("8 log data sets");
    expect(countOf(1, "logger")).toBe("1 logger");
    expect(countOf(1, "processors")).toBe("1 processors");
    expect(countOf(4, "channel_path")).toBe("4 channel paths");
    expect(countOf(6, "cf_link")).toBe("6 CF links");
    expect(countOf(16, "pfid")).toBe("16 PFIDs");
  });

  it("give every node kind of the core a look and a lane of its own", () => {
    for (const kind of NODE_KINDS) {
      expect(hasNodeLook(kind), `${kind} has a look`).toBe(true);
      expect(isKnownKind(kind), `${kind} has a lane`).toBe(true);
    }
    expect(hasNodeLook("kafka_broker")).toBe(false);
  });

  it("have a colour for every particle and wait style", () => {
    for (const code of Object.values(ParticleStyle)) expect(PARTICLE_COLOURS[code]).toMatch(/^#[0-9a-f]{6}$/);
    for (const code of Object.values(WaitStyle)) expect(WAIT_COLOURS[code]).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(Object.values(ParticleStyle).map((c) => PARTICLE_COLOURS[c])).size).toBe(
      Object.values(ParticleStyle).length,
    );
  });
});
