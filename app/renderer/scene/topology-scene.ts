/**
 * The 3D view of the simulated topology: one instanced mesh per node kind, laid out by
 * `layoutTopology`, and the particles and wait stacks of a `ParticleField` drawn as two instanced
 * meshes of fixed size. The scene draws only what the field computed from the trace; it has no
 * motion of its own.
 */
import * as THREE from "three";
import { declutterLabels, type LabelBox } from "./label-layout";
import type { ParticleField } from "./particle-field";
import { ParticleStyle, WaitStyle } from "./particle-field";
import type { TopologyLayout } from "./topology-layout";

/** A running view; `dispose` frees the GPU resources. */
export interface TopologyScene {
  /** Replaces the node meshes with those of a new run's topology; `labels` are the nodes' labels by id. */
  setTopology(layout: TopologyLayout, labels: readonly string[]): void;
  /** Uploads the field's particles and wait stacks and renders a frame. */
  draw(field: ParticleField): void;
  resize(): void;
  dispose(): void;
}

/** Colour of each `ParticleStyle`, indexed by its code. */
export const PARTICLE_COLOURS: readonly string[] = (() => {
  const colours: string[] = [];
  colours[ParticleStyle.message] = "#38bdf8";
  colours[ParticleStyle.persistentMessage] = "#f5a524";
  colours[ParticleStyle.logWrite] = "#fb7185";
  colours[ParticleStyle.syncIo] = "#4ade80";
  colours[ParticleStyle.asyncIo] = "#c084fc";
  colours[ParticleStyle.commit] = "#f8fafc";
  colours[ParticleStyle.cfRequest] = "#f472b6";
  colours[ParticleStyle.channelBatch] = "#2dd4bf";
  colours[ParticleStyle.other] = "#9ca3af";
  colours[ParticleStyle.cfAsyncRequest] = "#facc15";
  colours[ParticleStyle.cfReply] = "#fda4af";
  return colours;
})();

/** Colour of each `WaitStyle`, indexed by its code. */
export const WAIT_COLOURS: readonly string[] = (() => {
  const colours: string[] = [];
  colours[WaitStyle.queue] = "#ef4444";
  colours[WaitStyle.log] = "#f97316";
  colours[WaitStyle.other] = "#eab308";
  return colours;
})();

type Shape = "box" | "cylinder" | "sphere" | "octahedron";

interface NodeLook {
  readonly shape: Shape;
  /** Width, height, depth at full size. */
  readonly size: readonly [number, number, number];
  readonly colour: string;
}

const NODE_LOOKS: Readonly<Record<string, NodeLook>> = {
  application: { shape: "box", size: [0.9, 0.9, 0.9], colour: "#64748b" },
  queue: { shape: "box", size: [1.1, 0.5, 0.8], colour: "#2563eb" },
  log_buffer: { shape: "box", size: [1, 0.7, 1], colour: "#7c3aed" },
  logger: { shape: "octahedron", size: [0.6, 0.6, 0.6], colour: "#a855f7" },
  channel_path: { shape: "box", size: [1.4, 0.2, 0.35], colour: "#64748b" },
  pfid: { shape: "sphere", size: [0.42, 0.42, 0.42], colour: "#16a34a" },
  log_data_set: { shape: "cylinder", size: [0.8, 1.1, 0.8], colour: "#0d9488" },
  processors: { shape: "box", size: [1.4, 0.4, 0.9], colour: "#334155" },
  coupling_facility: { shape: "box", size: [1.2, 1, 1.2], colour: "#db2777" },
  cf_link: { shape: "box", size: [1.2, 0.15, 0.3], colour: "#be185d" },
  cf_structure: { shape: "box", size: [1, 0.4, 1], colour: "#9d174d" },
  network: { shape: "cylinder", size: [0.9, 0.25, 0.9], colour: "#0e7490" },
  channel: { shape: "box", size: [1.2, 0.3, 0.4], colour: "#0891b2" },
  queue_manager: { shape: "box", size: [1.2, 1, 1.2], colour: "#1d4ed8" },
};

/** Whether nodes of `kind` have a look of their own (otherwise they are drawn as unknown). */
export function hasNodeLook(kind: string): boolean {
  return Object.hasOwn(NODE_LOOKS, kind);
}

/** How a node of a kind the scene does not know yet is drawn. */
const UNKNOWN_LOOK: NodeLook = { shape: "octahedron", size: [0.7, 0.7, 0.7], colour: "#9ca3af" };

function geometryOf(shape: Shape): THREE.BufferGeometry {
  switch (shape) {
    case "box":
      return new THREE.BoxGeometry(1, 1, 1);
    case "cylinder":
      return new THREE.CylinderGeometry(0.5, 0.5, 1, 20);
    case "sphere":
      return new THREE.SphereGeometry(0.5, 12, 8);
    case "octahedron":
      return new THREE.OctahedronGeometry(0.5);
  }
}

/** Kinds whose nodes are labelled one by one up to this count; more are labelled once as a group. */
const LABEL_EACH_UP_TO = 3;

/** Names of kinds that are not simply their snake_case words ("cf_link" is said "CF link"). */
const KIND_NAMES: Readonly<Record<string, string>> = {
  cf_link: "CF link",
  cf_structure: "CF structure",
  pfid: "PFID",
  channel_path: "channel path",
};

/** "8 log data sets", "1 logger", "2 processors", "6 CF links": a count of nodes of a kind, as read aloud. */
export function countOf(n: number, kind: string): string {
  const name = KIND_NAMES[kind] ?? kind.replaceAll("_", " ");
  return n === 1 || name.endsWith("s") ? `${n} ${name}` : `${n} ${name}s`;
}

/** A label to place over the scene: its text and the node position it names. */
export interface SceneLabel {
  readonly text: string;
  readonly x: number;
  readonly z: number;
}

/**
 * The labels of a layout: each node by its own label while its kind has few nodes, otherwise one
 * label per kind ("8 log data sets") at the front of its lane.
 */
export function sceneLabels(layout: TopologyLayout, labels: readonly string[]): SceneLabel[] {
  const byKind = new Map<string, number[]>();
  layout.kinds.forEach((kind, id) => {
    if (kind === "") return;
    const ids = byKind.get(kind);
    if (ids) ids.push(id);
    else byKind.set(kind, [id]);
  });
  const out: SceneLabel[] = [];
  for (const [kind, ids] of byKind) {
    if (ids.length <= LABEL_EACH_UP_TO) {
      for (const id of ids) {
        out.push({
          text: labels[id] || kind.replaceAll("_", " "),
          x: layout.positions[3 * id] as number,
          z: layout.positions[3 * id + 2] as number,
        });
      }
      continue;
    }
    // The group's label stands below the front-most node of its first column.
    let front = ids[0] as number;
    const firstX = layout.positions[3 * front];
    for (const id of ids) {
      const inFirstColumn = layout.positions[3 * id] === firstX;
      if (inFirstColumn && (layout.positions[3 * id + 2] as number) > (layout.positions[3 * front + 2] as number)) {
        front = id;
      }
    }
    out.push({
      text: countOf(ids.length, kind),
      x: layout.positions[3 * front] as number,
      z: layout.positions[3 * front + 2] as number,
    });
  }
  return out;
}

/**
 * Starts a view in `canvas`, sized to `capacity` particles, with node labels placed in
 * `labelLayer` (an element over the canvas). `topInsetPx` tells how many pixels at the top of the
 * canvas something else covers (the legend): the stage is framed below them. Throws if WebGL is
 * unavailable.
 */
export function createTopologyScene(
  canvas: HTMLCanvasElement,
  capacity: number,
  labelLayer?: HTMLElement,
  topInsetPx?: () => number,
): TopologyScene {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color("#0f172a");
  const camera = new THREE.PerspectiveCamera(40, 1, 0.1, 200);

  scene.add(new THREE.HemisphereLight("#e2e8f0", "#1e293b", 1.4));
  const sun = new THREE.DirectionalLight("#ffffff", 1.6);
  sun.position.set(4, 10, 6);
  scene.add(sun);
  const floor = new THREE.Mesh(
    new THREE.PlaneGeometry(1, 1),
    new THREE.MeshStandardMaterial({ color: "#1e293b", roughness: 1 }),
  );
  floor.rotation.x = -Math.PI / 2;
  floor.position.y = -0.6;
  scene.add(floor);

  const nodeGroup = new THREE.Group();
  scene.add(nodeGroup);

  const matrix = new THREE.Matrix4();
  const position = new THREE.Vector3();
  const scale = new THREE.Vector3();
  const quaternion = new THREE.Quaternion();
  const colour = new THREE.Color();

  // 80 triangles: round enough at a particle's size, cheap enough for thousands (software GL too).
  /** A pool of `size` instances of one shape, redrawn every frame, each with its own colour. */
  const instancePool = (geometry: THREE.BufferGeometry, size: number): THREE.InstancedMesh => {
    const mesh = new THREE.InstancedMesh(geometry, new THREE.MeshBasicMaterial({ color: "#ffffff" }), size);
    mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    mesh.frustumCulled = false;
    mesh.count = 0;
    for (let k = 0; k < size; k++) mesh.setColorAt(k, colour.set("#ffffff"));
    scene.add(mesh);
    return mesh;
  };
  const particles = instancePool(new THREE.IcosahedronGeometry(1, 1), capacity);
  const particleColours = PARTICLE_COLOURS.map((c) => new THREE.Color(c));
  const waitCapacity = 4 * capacity;
  const waits = instancePool(new THREE.BoxGeometry(0.3, 0.16, 0.3), waitCapacity);
  const waitColours = WAIT_COLOURS.map((c) => new THREE.Color(c));

  /**
   * Sets the first `count` instances of `mesh` (at most its capacity) from packed xyz positions,
   * style indices into `palette` and, when given, per-instance scales (1 otherwise).
   */
  const placeInstances = (
    mesh: THREE.InstancedMesh,
    count: number,
    positions: ArrayLike<number>,
    styles: ArrayLike<number>,
    palette: readonly THREE.Color[],
    scales?: ArrayLike<number>,
  ): void => {
    const n = Math.min(count, mesh.instanceMatrix.count);
    scale.setScalar(1);
    for (let k = 0; k < n; k++) {
      position.set(positions[3 * k] as number, positions[3 * k + 1] as number, positions[3 * k + 2] as number);
      if (scales) scale.setScalar(scales[k] as number);
      matrix.compose(position, quaternion, scale);
      mesh.setMatrixAt(k, matrix);
      mesh.setColorAt(k, palette[styles[k] as number] ?? colour.set("#ffffff"));
    }
    mesh.count = n;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  };

  let bounds: readonly [number, number, number, number] = [-9, -6, 9, 4];
  let labels: SceneLabel[] = [];
  const labelElements: HTMLElement[] = [];
  const projected = new THREE.Vector3();

  /** Places the labels where their nodes appear on screen (the camera only moves on resize). */
  const placeLabels = (w: number, h: number) => {
    if (!labelLayer) return;
    while (labelElements.length < labels.length) {
      const el = document.createElement("span");
      el.className = "node-label";
      labelLayer.append(el);
      labelElements.push(el);
    }
    const boxes: LabelBox[] = [];
    labelElements.forEach((el, k) => {
      const label = labels[k];
      el.hidden = label === undefined;
      if (label === undefined) return;
      projected.set(label.x, -0.55, label.z).project(camera);
      el.textContent = label.text;
      boxes.push({
        x: ((projected.x + 1) / 2) * w,
        y: ((1 - projected.y) / 2) * h,
        width: el.offsetWidth,
        height: el.offsetHeight,
      });
    });
    // Neighbouring nodes' labels can meet on a small stage: later ones step aside, or drop out.
    declutterLabels(boxes).forEach((shift, k) => {
      const el = labelElements[k] as HTMLElement;
      const b = boxes[k] as LabelBox;
      el.hidden = shift === null;
      el.style.left = `${b.x + (shift?.dx ?? 0)}px`;
      el.style.top = `${b.y + (shift?.dy ?? 0)}px`;
    });
  };

  /** Camera elevation above the floor, radians: low enough to see the stacks rise. */
  const ELEVATION = THREE.MathUtils.degToRad(38);

  const frame = () => {
    const w = Math.max(canvas.clientWidth, 1);
    const h = Math.max(canvas.clientHeight, 1);
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    // The framing is shifted down by half the covered band and must clear all of it.
    const insetPx = Math.min(Math.max(topInsetPx?.() ?? 0, 0), 0.4 * h);
    if (insetPx > 0) camera.setViewOffset(w, h, 0, -insetPx / 2, w, h);
    else camera.clearViewOffset();
    const topLimit = 0.96 - (2 * insetPx) / h;
    const [minX, minZ, maxX, maxZ] = bounds;
    const cx = (minX + maxX) / 2;
    const cz = (minZ + maxZ) / 2;
    const place = (distance: number) => {
      camera.position.set(cx, distance * Math.sin(ELEVATION), cz + distance * Math.cos(ELEVATION));
      camera.far = Math.max(200, 3 * distance);
      camera.lookAt(cx, 0.3, cz);
      camera.updateProjectionMatrix();
      camera.updateMatrixWorld();
    };
    // Perspective makes the near edge wider than the far one, so the closest distance at which
    // every corner of the stage (with room for labels and stacks) is on screen is searched for.
    const margin = 1.2;
    const fits = (distance: number) => {
      place(distance);
      for (const x of [minX - margin, maxX + margin]) {
        for (const z of [minZ - margin, maxZ + margin]) {
          for (const y of [-0.6, 2.4]) {
            projected.set(x, y, z).project(camera);
            if (Math.abs(projected.x) > 0.98 || projected.y > topLimit || projected.y < -0.96 || projected.z > 1) {
              return false;
            }
          }
        }
      }
      return true;
    };
    let near = 1;
    let far = 400;
    for (let k = 0; k < 30; k++) {
      const mid = (near + far) / 2;
      if (fits(mid)) far = mid;
      else near = mid;
    }
    place(far);
    floor.scale.set(maxX - minX + 4, maxZ - minZ + 4, 1);
    floor.position.x = cx;
    floor.position.z = cz;
    placeLabels(w, h);
  };

  const clearNodes = () => {
    for (const child of [...nodeGroup.children]) {
      nodeGroup.remove(child);
      if (child instanceof THREE.InstancedMesh) {
        child.geometry.dispose();
        (child.material as THREE.Material).dispose();
        child.dispose();
      }
    }
  };

  return {
    setTopology(layout, nodeLabels) {
      clearNodes();
      labels = sceneLabels(layout, nodeLabels);
      const byKind = new Map<string, number[]>();
      layout.kinds.forEach((kind, id) => {
        if (kind === "") return;
        const ids = byKind.get(kind);
        if (ids) ids.push(id);
        else byKind.set(kind, [id]);
      });
      for (const [kind, ids] of byKind) {
        const look = NODE_LOOKS[kind] ?? UNKNOWN_LOOK;
        const mesh = new THREE.InstancedMesh(
          geometryOf(look.shape),
          new THREE.MeshStandardMaterial({ color: look.colour, roughness: 0.5, metalness: 0.1 }),
          ids.length,
        );
        mesh.name = kind;
        ids.forEach((id, k) => {
          const s = layout.sizes[id] as number;
          position.set(
            layout.positions[3 * id] as number,
            layout.positions[3 * id + 1] as number,
            layout.positions[3 * id + 2] as number,
          );
          scale.set(look.size[0] * s, look.size[1] * s, look.size[2] * s);
          matrix.compose(position, quaternion, scale);
          mesh.setMatrixAt(k, matrix);
        });
        mesh.instanceMatrix.needsUpdate = true;
        nodeGroup.add(mesh);
      }
      bounds = layout.bounds;
      frame();
    },
    draw(field) {
      placeInstances(particles, field.liveCount, field.positions, field.styles, particleColours, field.scales);
      placeInstances(waits, field.waitCount, field.waitPositions, field.waitStyles, waitColours);

      renderer.render(scene, camera);
    },
    resize: frame,
    dispose() {
      clearNodes();
      for (const el of labelElements) el.remove();
      renderer.dispose();
      for (const mesh of [particles, waits]) {
        mesh.geometry.dispose();
        (mesh.material as THREE.Material).dispose();
        mesh.dispose();
      }
    },
  };
}
