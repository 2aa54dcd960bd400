/**
 * The 3D topology: application, queue manager, log buffer and the striped log data sets on DASD,
 * with messages flowing between them as instanced particles. Colour says persistent (amber) or
 * not (cyan); size grows with the message size.
 */
import * as THREE from "three";

/** What the scene shows; set from the store. */
export interface SceneInputs {
  readonly persistent: boolean;
  readonly messageSizeBytes: number;
  readonly logStripes: number;
}

/** A running scene; `dispose` stops it and frees the GPU resources. */
export interface TopologyScene {
  update(inputs: SceneInputs): void;
  resize(): void;
  dispose(): void;
}

const PARTICLES = 240;
const COLOUR_PERSISTENT = new THREE.Color("#f5a524");
const COLOUR_NON_PERSISTENT = new THREE.Color("#38bdf8");

/** The stations a message visits, left to right. */
const STATIONS = {
  application: new THREE.Vector3(-6, 0, 0),
  queueManager: new THREE.Vector3(-1.5, 0, 0),
  logBuffer: new THREE.Vector3(2, 0, 0),
  dasd: new THREE.Vector3(6, 0, 0),
} as const;

function box(size: THREE.Vector3Tuple, colour: string, at: THREE.Vector3): THREE.Mesh {
  const mesh = new THREE.Mesh(
    new THREE.BoxGeometry(...size),
    new THREE.MeshStandardMaterial({ color: colour, roughness: 0.55, metalness: 0.1 }),
  );
  mesh.position.copy(at);
  return mesh;
}

/** Particle size in world units: grows with the log of the message size so 100 B and 100 MB both show. */
export function particleScale(messageSizeBytes: number): number {
  const kb = Math.max(messageSizeBytes, 64) / 1024;
  return 0.08 + 0.05 * Math.log2(1 + kb);
}

/** Starts rendering the topology into `canvas`. Throws if WebGL2 is unavailable. */
export function createTopologyScene(canvas: HTMLCanvasElement, initial: SceneInputs): TopologyScene {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color("#0f172a");
  const camera = new THREE.PerspectiveCamera(45, 1, 0.1, 100);
  camera.position.set(0, 6, 14);
  camera.lookAt(0, 0, 0);

  scene.add(new THREE.HemisphereLight("#e2e8f0", "#1e293b", 1.4));
  const sun = new THREE.DirectionalLight("#ffffff", 1.6);
  sun.position.set(4, 10, 6);
  scene.add(sun);
  const floor = new THREE.Mesh(
    new THREE.PlaneGeometry(20, 8),
    new THREE.MeshStandardMaterial({ color: "#1e293b", roughness: 1 }),
  );
  floor.rotation.x = -Math.PI / 2;
  floor.position.y = -1.2;
  scene.add(floor);

  scene.add(box([1.6, 1.6, 1.6], "#64748b", STATIONS.application));
  scene.add(box([2.2, 2, 2], "#2563eb", STATIONS.queueManager));
  scene.add(box([1.2, 0.8, 1.2], "#7c3aed", STATIONS.logBuffer));
  const dasdGroup = new THREE.Group();
  scene.add(dasdGroup);

  const particleGeometry = new THREE.SphereGeometry(1, 12, 8);
  const particleMaterial = new THREE.MeshStandardMaterial({ color: "#ffffff", emissiveIntensity: 0.6 });
  const particles = new THREE.InstancedMesh(particleGeometry, particleMaterial, PARTICLES);
  scene.add(particles);

  let inputs = initial;
  const drawDasd = () => {
    for (const child of [...dasdGroup.children]) {
      dasdGroup.remove(child);
      if (child instanceof THREE.Mesh) child.geometry.dispose();
    }
    const stripes = Math.max(1, inputs.logStripes);
    for (let i = 0; i < stripes; i++) {
      const volume = new THREE.Mesh(
        new THREE.CylinderGeometry(0.45, 0.45, 1.6, 24),
        new THREE.MeshStandardMaterial({ color: "#0d9488", roughness: 0.4 }),
      );
      volume.position.set(STATIONS.dasd.x, 0, (i - (stripes - 1) / 2) * 1.1);
      dasdGroup.add(volume);
    }
  };
  drawDasd();

  const matrix = new THREE.Matrix4();
  const position = new THREE.Vector3();
  const scale = new THREE.Vector3();
  const quaternion = new THREE.Quaternion();
  const clock = new THREE.Clock();
  const route = [STATIONS.application, STATIONS.queueManager, STATIONS.logBuffer, STATIONS.dasd];

  const placeParticles = (t: number) => {
    // Non-persistent messages stop at the queue manager; persistent ones continue to the log and DASD.
    const legs = inputs.persistent ? route.length - 1 : 1;
    const s = particleScale(inputs.messageSizeBytes);
    const stripes = Math.max(1, inputs.logStripes);
    for (let i = 0; i < PARTICLES; i++) {
      const phase = (t * 0.12 + i / PARTICLES) % 1;
      const along = phase * legs;
      const leg = Math.min(Math.floor(along), legs - 1);
      const from = route[leg] as THREE.Vector3;
      const to = route[leg + 1] as THREE.Vector3;
      position.lerpVectors(from, to, along - leg);
      position.y += 1.4 + 0.15 * Math.sin(i * 12.9898);
      if (leg === legs - 1 && inputs.persistent)
        position.z += ((i % stripes) - (stripes - 1) / 2) * 1.1 * (along - leg);
      else position.z += 0.6 * Math.sin(i * 78.233);
      scale.setScalar(s);
      matrix.compose(position, quaternion, scale);
      particles.setMatrixAt(i, matrix);
    }
    particles.instanceMatrix.needsUpdate = true;
    particleMaterial.color.copy(inputs.persistent ? COLOUR_PERSISTENT : COLOUR_NON_PERSISTENT);
    particleMaterial.emissive.copy(particleMaterial.color);
  };

  const resize = () => {
    const w = Math.max(canvas.clientWidth, 1);
    const h = Math.max(canvas.clientHeight, 1);
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  };
  resize();

  let frame = 0;
  const tick = () => {
    placeParticles(clock.getElapsedTime());
    renderer.render(scene, camera);
    frame = requestAnimationFrame(tick);
  };
  tick();

  return {
    update(next) {
      const stripesChanged = next.logStripes !== inputs.logStripes;
      inputs = next;
      if (stripesChanged) drawDasd();
    },
    resize,
    dispose() {
      cancelAnimationFrame(frame);
      renderer.dispose();
      particleGeometry.dispose();
      particleMaterial.dispose();
    },
  };
}
