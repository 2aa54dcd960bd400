/**
 * Where each node of a simulated topology stands in the scene, as a pure function of the node
 * list, so that it can be tested without WebGL. Messages flow left to right: applications, their
 * queues, the log buffer and the logger, the I/O paths (FICON channel paths and zHyperLink PFIDs
 * side by side), the log data sets on DASD; the coupling facility and message channels stand in a
 * back row, and client channels between the applications and their queues. Kinds the layout has no place for (a node kind added
 * to the core later) are still placed, in a column of their own on the right, so a new kind never
 * breaks the scene.
 */
import type { TopologyNode } from "../engine/sim-protocol";

/** A lane: the column (x) a kind stands in and the stretch of depth (z) its nodes share. */
interface Lane {
  readonly x: number;
  readonly zMin: number;
  readonly zMax: number;
  /** Side to which extra sub-columns grow when a lane holds more nodes than fit in one column. */
  readonly grow: -1 | 1;
}

/** Depth of the main stage; the back row (processors, coupling facility, channels) sits behind it. */
const STAGE_Z = 4.2;
const BACK_ROW_Z = -6;

/**
 * Lanes of the kinds the core knows today (NodeKind in wasm-core/src/sim/trace.rs). The back row
 * reads left to right as a shared-queue request travels: the LPAR's processors behind the
 * applications, the CF links, the coupling facility and its structure; then the message channels
 * and the network, and other queue managers.
 */
const LANES: Readonly<Record<string, Lane>> = {
  application: { x: -8.5, zMin: -STAGE_Z, zMax: STAGE_Z, grow: -1 },
  queue: { x: -4.8, zMin: -STAGE_Z, zMax: STAGE_Z, grow: 1 },
  log_buffer: { x: -1.2, zMin: -STAGE_Z, zMax: STAGE_Z, grow: 1 },
  logger: { x: 2, zMin: -STAGE_Z, zMax: STAGE_Z, grow: 1 },
  // The two I/O paths share a column: FICON in front of the log, zHyperLink behind it.
  channel_path: { x: 5.2, zMin: 0.6, zMax: STAGE_Z, grow: 1 },
  pfid: { x: 5.2, zMin: -STAGE_Z, zMax: -0.6, grow: 1 },
  log_data_set: { x: 8.6, zMin: -STAGE_Z, zMax: STAGE_Z, grow: 1 },
  processors: { x: -8.5, zMin: BACK_ROW_Z - 0.6, zMax: BACK_ROW_Z + 0.6, grow: -1 },
  cf_link: { x: -6.6, zMin: BACK_ROW_Z - 1.2, zMax: BACK_ROW_Z + 1.2, grow: 1 },
  coupling_facility: { x: -4.6, zMin: BACK_ROW_Z, zMax: BACK_ROW_Z, grow: 1 },
  cf_structure: { x: 1, zMin: BACK_ROW_Z, zMax: BACK_ROW_Z, grow: 1 },
  // Sender and receiver stand one behind the other, the network beyond them: a batch leaves by
  // the front channel, crosses the network and comes back through the receiver.
  channel: { x: 3.4, zMin: BACK_ROW_Z - 1.2, zMax: BACK_ROW_Z + 1.2, grow: 1 },
  network: { x: 6, zMin: BACK_ROW_Z, zMax: BACK_ROW_Z, grow: 1 },
  queue_manager: { x: 8.6, zMin: BACK_ROW_Z - 0.6, zMax: BACK_ROW_Z + 0.6, grow: 1 },
};

/**
 * Lanes when the applications are clients: without a network node, the channels are SVRCONN
 * instances every MQI call of a client passes through, so they stand on the main stage between the
 * applications (moved one column left) and the queues.
 */
const CLIENT_LANES: Readonly<Record<string, Lane>> = {
  application: { x: -11.6, zMin: -STAGE_Z, zMax: STAGE_Z, grow: -1 },
  channel: { x: -8, zMin: -STAGE_Z, zMax: STAGE_Z, grow: -1 },
  processors: { x: -11.6, zMin: BACK_ROW_Z - 0.6, zMax: BACK_ROW_Z + 0.6, grow: -1 },
};

/** The lane of `kind` in a topology whose kinds are `present`. */
function laneOf(kind: string, present: ReadonlySet<string>): Lane | undefined {
  const clients = present.has("channel") && !present.has("network");
  return (clients ? CLIENT_LANES[kind] : undefined) ?? LANES[kind];
}

/** Column of kinds the layout does not know: one lane per such kind, further right each. */
const UNKNOWN_X = 12;
const UNKNOWN_STEP_X = 1.6;

/** Widest gap between neighbours in a lane, world units. */
const MAX_SPACING = 1.3;
/** Closest neighbours may stand before the lane grows another sub-column. */
const MIN_SPACING = 0.45;
/** Gap between sub-columns of one lane. */
const SUB_COLUMN_STEP = 0.9;

/** The scene positions of a topology's nodes, indexed by node id. */
export interface TopologyLayout {
  /** x, y, z of node `id` at `3 * id`. */
  readonly positions: Float32Array;
  /** Drawn size of each node (1 = full size), smaller where a lane is crowded. */
  readonly sizes: Float32Array;
  /** Each node's kind, indexed by id (ids the topology skipped have ""). */
  readonly kinds: readonly string[];
  /** Axis-aligned bounds of every position: [minX, minZ, maxX, maxZ]. */
  readonly bounds: readonly [number, number, number, number];
}

/** Whether `kind` has a lane of its own (otherwise it goes to the generic column). */
export function isKnownKind(kind: string): boolean {
  return Object.hasOwn(LANES, kind);
}

/**
 * Lays out `nodes` (ids may come in any order; the arrays are sized by the largest id). Nodes of
 * one kind keep the order of their ids along their lane, so "stripe 1" stands before "stripe 2".
 */
export function layoutTopology(nodes: readonly TopologyNode[]): TopologyLayout {
  const size = nodes.reduce((m, n) => Math.max(m, n.id + 1), 0);
  const positions = new Float32Array(3 * size);
  const sizes = new Float32Array(size);
  const kinds: string[] = Array.from({ length: size }, () => "");
  const byKind = new Map<string, TopologyNode[]>();
  for (const n of nodes) {
    kinds[n.id] = n.kind;
    const list = byKind.get(n.kind);
    if (list) list.push(n);
    else byKind.set(n.kind, [n]);
  }
  const present = new Set(byKind.keys());
  let unknownColumn = 0;
  const bounds: [number, number, number, number] = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (const [kind, list] of byKind) {
    list.sort((a, b) => a.id - b.id);
    const lane = laneOf(kind, present) ?? {
      x: UNKNOWN_X + UNKNOWN_STEP_X * unknownColumn++,
      zMin: -STAGE_Z,
      zMax: STAGE_Z,
      grow: 1 as const,
    };
    const depth = lane.zMax - lane.zMin;
    // As many nodes per column as fit at the closest spacing, then further sub-columns.
    const perColumn = Math.max(1, Math.floor(depth / MIN_SPACING) + 1);
    const columns = Math.ceil(list.length / perColumn);
    const inColumn = Math.min(list.length, perColumn);
    const spacing = inColumn > 1 ? Math.min(MAX_SPACING, depth / (inColumn - 1)) : MAX_SPACING;
    const drawn = Math.min(1, spacing / MAX_SPACING);
    const centreZ = (lane.zMin + lane.zMax) / 2;
    list.forEach((n, k) => {
      const column = Math.floor(k / perColumn);
      const row = k % perColumn;
      const rowsHere = column < columns - 1 ? perColumn : list.length - column * perColumn;
      const x = lane.x + lane.grow * column * SUB_COLUMN_STEP;
      const z = centreZ + (row - (rowsHere - 1) / 2) * spacing;
      positions[3 * n.id] = x;
      positions[3 * n.id + 1] = 0;
      positions[3 * n.id + 2] = z;
      sizes[n.id] = drawn;
      // Bounds of the stored (single-precision) values, so every position lies within them exactly.
      bounds[0] = Math.min(bounds[0], positions[3 * n.id] as number);
      bounds[1] = Math.min(bounds[1], positions[3 * n.id + 2] as number);
      bounds[2] = Math.max(bounds[2], positions[3 * n.id] as number);
      bounds[3] = Math.max(bounds[3], positions[3 * n.id + 2] as number);
    });
  }
  if (nodes.length === 0) bounds.splice(0, 4, 0, 0, 0, 0);
  return { positions, sizes, kinds, bounds };
}
