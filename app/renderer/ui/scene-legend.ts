/**
 * The key to the scene's colours, and a count of the nodes of each kind the run's topology has.
 * The key lists only what the run can show: coupling facility requests when there is a coupling
 * facility, channel batches when messages cross a network, the zHyperLink path when there are PFIDs.
 */
import type { TopologyNode } from "../engine/sim-protocol";
import { ParticleStyle, WaitStyle } from "../scene/particle-field";
import { countOf, PARTICLE_COLOURS, WAIT_COLOURS } from "../scene/topology-scene";

/** One line of the key: a swatch of `colour` drawn as a dot (a particle) or a block (a wait). */
export interface LegendEntry {
  readonly colour: string;
  readonly text: string;
  readonly shape: "dot" | "block";
}

/** A key line and the node kinds of which one must be present for it to show (none: always). */
interface KeyLine {
  readonly text: string;
  readonly needs: readonly string[];
}

const PARTICLE_KEY: readonly (readonly [number, KeyLine])[] = [
  [ParticleStyle.message, { text: "non-persistent message", needs: [] }],
  [ParticleStyle.persistentMessage, { text: "persistent message", needs: [] }],
  [ParticleStyle.commit, { text: "commit", needs: [] }],
  [ParticleStyle.logWrite, { text: "log write (gathered records)", needs: ["logger"] }],
  [ParticleStyle.syncIo, { text: "synchronous write (zHyperLink)", needs: ["pfid"] }],
  [ParticleStyle.asyncIo, { text: "asynchronous write (FICON)", needs: ["channel_path"] }],
  [ParticleStyle.cfRequest, { text: "CF request, processor spinning (sync)", needs: ["coupling_facility"] }],
  [ParticleStyle.cfAsyncRequest, { text: "CF request gone asynchronous", needs: ["coupling_facility"] }],
  [ParticleStyle.cfReply, { text: "CF reply", needs: ["coupling_facility"] }],
  [ParticleStyle.channelBatch, { text: "channel batch (end of batch)", needs: ["network"] }],
];

const WAIT_KEY: readonly (readonly [number, KeyLine])[] = [
  [WaitStyle.queue, { text: "task waiting at a queue (lock or message)", needs: ["queue"] }],
  [WaitStyle.log, { text: "task waiting for the log force", needs: ["log_buffer"] }],
];

/** The key lines for a topology made of node kinds `kinds`, particles first, then waits. */
export function legendEntries(kinds: ReadonlySet<string>): LegendEntry[] {
  const shows = (line: KeyLine) => line.needs.length === 0 || line.needs.some((k) => kinds.has(k));
  const entries: LegendEntry[] = [];
  for (const [code, line] of PARTICLE_KEY) {
    if (shows(line)) entries.push({ colour: PARTICLE_COLOURS[code] ?? "#fff", text: line.text, shape: "dot" });
  }
  for (const [code, line] of WAIT_KEY) {
    if (shows(line)) entries.push({ colour: WAIT_COLOURS[code] ?? "#fff", text: line.text, shape: "block" });
  }
  return entries;
}

/** "3 applications · 2 queues · 8 log data sets ..." for `nodes`. */
export function describeTopology(nodes: readonly TopologyNode[]): string {
  const counts = new Map<string, number>();
  for (const n of nodes) counts.set(n.kind, (counts.get(n.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => countOf(n, kind)).join(" · ");
}

/** A queue manager's private-queue stations, the key shown before a run's topology is known. */
const FIRST_KINDS: ReadonlySet<string> = new Set(["application", "queue", "log_buffer", "logger", "channel_path"]);

/**
 * Fills `container` with the colour key; `setTopology` fits it and the node counts to a run. A
 * button folds the key away to give the stage its room (the node counts stay), and `onFold` is
 * told, so the scene can frame itself again.
 */
export function mountSceneLegend(
  container: HTMLElement,
  onFold: () => void = () => {},
): { setTopology(nodes: readonly TopologyNode[]): void } {
  const list = document.createElement("ul");
  const nodes = document.createElement("p");
  nodes.className = "legend-nodes";
  const fold = document.createElement("button");
  fold.type = "button";
  fold.className = "legend-fold";
  fold.dataset.testid = "legend-fold";
  const showFolded = (folded: boolean) => {
    list.hidden = folded;
    container.classList.toggle("folded", folded);
    fold.textContent = folded ? "Show key" : "Hide key";
    fold.setAttribute("aria-expanded", String(!folded));
  };
  showFolded(false);
  fold.addEventListener("click", () => {
    showFolded(!list.hidden);
    onFold();
  });
  container.replaceChildren(fold, list, nodes);
  const showKey = (kinds: ReadonlySet<string>) => {
    list.replaceChildren(
      ...legendEntries(kinds).map((entry) => {
        const item = document.createElement("li");
        const mark = document.createElement("span");
        mark.className = `swatch ${entry.shape}`;
        mark.style.background = entry.colour;
        item.append(mark, entry.text);
        return item;
      }),
    );
  };
  showKey(FIRST_KINDS);
  return {
    setTopology(topologyNodes) {
      showKey(new Set(topologyNodes.map((n) => n.kind)));
      nodes.textContent = describeTopology(topologyNodes);
    },
  };
}
