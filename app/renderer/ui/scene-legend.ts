/** The key to the scene's colours, and a count of the nodes of each kind the run's topology has. */
import type { TopologyNode } from "../engine/sim-protocol";
import { ParticleStyle, WaitStyle } from "../scene/particle-field";
import { countOf, PARTICLE_COLOURS, WAIT_COLOURS } from "../scene/topology-scene";

const PARTICLE_KEY: readonly (readonly [number, string])[] = [
  [ParticleStyle.message, "non-persistent message"],
  [ParticleStyle.persistentMessage, "persistent message"],
  [ParticleStyle.commit, "commit"],
  [ParticleStyle.logWrite, "log write (gathered records)"],
  [ParticleStyle.syncIo, "synchronous write (zHyperLink)"],
  [ParticleStyle.asyncIo, "asynchronous write (FICON)"],
];

const WAIT_KEY: readonly (readonly [number, string])[] = [
  [WaitStyle.queue, "task waiting at a queue (lock or message)"],
  [WaitStyle.log, "task waiting for the log force"],
];

/** "3 applications · 2 queues · 8 log data sets ..." for `nodes`. */
export function describeTopology(nodes: readonly TopologyNode[]): string {
  const counts = new Map<string, number>();
  for (const n of nodes) counts.set(n.kind, (counts.get(n.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => countOf(n, kind)).join(" · ");
}

/** Fills `container` with the colour key; `setTopology` adds the node counts of a run. */
export function mountSceneLegend(container: HTMLElement): { setTopology(nodes: readonly TopologyNode[]): void } {
  const swatch = (colour: string, text: string, shape: "dot" | "block") => {
    const item = document.createElement("li");
    const mark = document.createElement("span");
    mark.className = `swatch ${shape}`;
    mark.style.background = colour;
    item.append(mark, text);
    return item;
  };
  const list = document.createElement("ul");
  for (const [code, text] of PARTICLE_KEY) list.append(swatch(PARTICLE_COLOURS[code] ?? "#fff", text, "dot"));
  for (const [code, text] of WAIT_KEY) list.append(swatch(WAIT_COLOURS[code] ?? "#fff", text, "block"));
  const nodes = document.createElement("p");
  nodes.className = "legend-nodes";
  container.replaceChildren(list, nodes);
  return {
    setTopology(topologyNodes) {
      nodes.textContent = describeTopology(topologyNodes);
    },
  };
}
