/** Boots the renderer: loads the model, then mounts the controls, the 3D scene and the chart. */
import { drawSweepChart } from "./charts/sweep-chart";
import type { Engine } from "./engine/engine";
import { loadEngine } from "./engine/load-engine";
import { createTopologyScene } from "./scene/topology-scene";
import { createScenarioStore, type ScenarioState } from "./store/scenario-store";
import { MESSAGE_SIZE_STEPS, mountControlsPanel } from "./ui/controls-panel";

function required<T extends Element>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`the page has no ${selector}`);
  return found;
}

function drawLogChart(container: HTMLElement, engine: Engine, state: ScenarioState): void {
  // The chart always shows the persistent case: that is when log data exists.
  const persistent = {
    ...state.scenario,
    workload: { ...state.scenario.workload, persistence: "persistent" as const },
  };
  const size = state.scenario.workload.message_size_bytes;
  // One sweep gives the curve and, as its last point, the current scenario's marker.
  const swept = engine.sweep(
    persistent,
    "workload.message_size_bytes",
    [...MESSAGE_SIZE_STEPS, size],
    "log.log_bytes_per_message",
  );
  drawSweepChart(container, {
    title: "Log data per persistent message",
    xLabel: "message size (bytes)",
    yLabel: "log bytes per message",
    xs: MESSAGE_SIZE_STEPS,
    ys: swept.subarray(0, MESSAGE_SIZE_STEPS.length),
    logX: true,
    logY: true,
    marker: {
      x: Math.max(size, MESSAGE_SIZE_STEPS[0] as number),
      y: swept[MESSAGE_SIZE_STEPS.length] ?? 0,
    },
  });
}

async function boot(): Promise<void> {
  const app = required<HTMLElement>("#app");
  const status = required<HTMLElement>("[data-testid=status]");
  const engine = await loadEngine();
  required<HTMLElement>("[data-testid=engine-version]").textContent = `model ${engine.version}`;

  const store = createScenarioStore(engine);
  mountControlsPanel(required<HTMLElement>(".controls"), store);

  const sceneInputs = (s: ScenarioState) => ({
    persistent: s.scenario.workload.persistence === "persistent",
    messageSizeBytes: s.scenario.workload.message_size_bytes,
    logStripes: (s.scenario.log as { stripes?: number } | undefined)?.stripes ?? 1,
  });
  try {
    const scene = createTopologyScene(
      required<HTMLCanvasElement>("[data-testid=scene-canvas]"),
      sceneInputs(store.getState()),
    );
    store.subscribe((s) => scene.update(sceneInputs(s)));
    window.addEventListener("resize", () => scene.resize());
  } catch (error) {
    status.textContent = `The 3D view is unavailable here (${(error as Error).message}); everything else works.`;
  }

  const chart = required<HTMLElement>(".chart");
  drawLogChart(chart, engine, store.getState());
  store.subscribe((s, previous) => {
    if (s.scenario !== previous.scenario) drawLogChart(chart, engine, s);
  });
  window.addEventListener("resize", () => drawLogChart(chart, engine, store.getState()));
  app.dataset.state = "ready";
}

boot().catch((error: unknown) => {
  const app = document.querySelector<HTMLElement>("#app");
  if (app) app.dataset.state = "failed";
  const status = document.querySelector<HTMLElement>("[data-testid=status]");
  if (status) status.textContent = `The model could not be loaded: ${(error as Error).message ?? String(error)}`;
  console.error(error);
});
