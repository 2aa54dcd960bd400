/**
 * Boots the renderer: loads the model, mounts the controls, runs the message-flow simulation of
 * the current scenario in a Web Worker and plays its trace in the 3D scene, with transport
 * controls and a live chart of the simulation's series beside the model's sweep chart. A second
 * worker simulates each scenario's steady state and sets it against the model beside the charts.
 */
import { mountSeriesChart } from "./charts/series-chart";
import { drawSweepChart } from "./charts/sweep-chart";
import type { Engine } from "./engine/engine";
import { loadEngine } from "./engine/load-engine";
import { type CheckWorkerPort, createCheckWorker, ModelCheckClient } from "./engine/model-check";
import { createSimWorker, SimClient, type WorkerPort } from "./engine/sim-client";
import type { Topology } from "./engine/sim-protocol";
import { TracePlayer } from "./engine/trace-player";
import { ParticleField } from "./scene/particle-field";
import { layoutTopology } from "./scene/topology-layout";
import { createTopologyScene, type TopologyScene } from "./scene/topology-scene";
import { createScenarioStore, type ScenarioState } from "./store/scenario-store";
import { MESSAGE_SIZE_STEPS, mountControlsPanel, valueAt } from "./ui/controls-panel";
import { CHECKING, describeCheck, describeFailure, describeRejection, mountModelCheck } from "./ui/model-check-panel";
import { mountSceneLegend } from "./ui/scene-legend";
import {
  DEFAULT_SPEED,
  flightSecondsAt,
  formatSimTime,
  mountTransport,
  openingSpeed,
  type TransportTarget,
} from "./ui/transport";

/** Particle slots: enough for the busiest scenario at the fastest speed, drawn in one call. */
const PARTICLE_CAPACITY = 4096;
/** The seed of every run, so the same scenario always plays the same way. */
const SEED = 1;
/** Quiet time after a slider moves before the run restarts with the new scenario. */
const RESTART_DEBOUNCE_MS = 250;
/** Wall seconds between two samples of the live chart at the speed a run starts with. */
const SAMPLE_WALL_S = 0.25;
/** Samples the live chart shows. */
const CHART_SAMPLES = 160;
/** Records per trace chunk and chunks the worker may run ahead: a small lead keeps restarts quick. */
const CHUNK_RECORDS = 1024;
const MAX_UNACKED_CHUNKS = 6;
/** Quiet time after a change before the steady state is simulated again to check it against the model. */
const CHECK_DEBOUNCE_MS = 600;
/** Simulated time replayed at least to rebuild the scene after a scrub. */
const REBUILD_LOOKBACK_S = 0.01;

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

/** Series sampling interval for a run starting at `speed`: a few samples a second on screen. */
function seriesIntervalAt(speed: number): number {
  return Math.min(0.01, Math.max(5e-6, SAMPLE_WALL_S * speed));
}

/** A worker made by `create`, or why there is none. */
function openWorker<W>(create: () => W): W | string {
  if (typeof Worker === "undefined") return "this browser has no Web Workers";
  try {
    return create();
  } catch (error) {
    return (error as Error).message ?? String(error);
  }
}

/** Mounts "Simulation against the model" and keeps it to the scenario on screen. */
function mountCheckAgainstModel(store: ReturnType<typeof createScenarioStore>): void {
  const show = mountModelCheck(required<HTMLElement>("[data-testid=model-check]"));
  const worker = openWorker<CheckWorkerPort>(createCheckWorker);
  if (typeof worker === "string") {
    show(describeFailure(`the simulation cannot run here (${worker}).`));
    return;
  }
  const client = new ModelCheckClient(worker, {
    checked: (report) => show(describeCheck(report)),
    rejected: (errors) => show(describeRejection(errors)),
    failed: (message) => show(describeFailure(message)),
  });
  // "Checking" shows from the change on, so no figure of an earlier scenario stays on screen.
  const check = () => client.check(store.getState().scenario);
  let timer: ReturnType<typeof setTimeout> | undefined;
  store.subscribe((s, previous) => {
    if (s.scenario === previous.scenario) return;
    show(CHECKING);
    clearTimeout(timer);
    timer = setTimeout(check, CHECK_DEBOUNCE_MS);
  });
  show(CHECKING);
  check();
}

async function boot(): Promise<void> {
  const app = required<HTMLElement>("#app");
  const status = required<HTMLElement>("[data-testid=status]");
  const engine = await loadEngine();
  required<HTMLElement>("[data-testid=engine-version]").textContent = `model ${engine.version}`;

  const store = createScenarioStore(engine);
  mountControlsPanel(required<HTMLElement>(".controls"), store);
  mountCheckAgainstModel(store);

  // Problems that limit what the page can show; the status line says them plainly.
  const notices: string[] = [];
  let runNote = "";
  const showStatus = () => {
    status.textContent = [...notices, runNote].filter((s) => s !== "").join(" ");
  };

  const sceneSection = required<HTMLElement>("[data-testid=scene]");
  let scene: TopologyScene | null = null;
  try {
    const canvas = required<HTMLCanvasElement>("[data-testid=scene-canvas]");
    const legendBox = required<HTMLElement>("[data-testid=legend]");
    scene = createTopologyScene(
      canvas,
      PARTICLE_CAPACITY,
      required<HTMLElement>(".scene-labels"),
      // The legend lies over the top of the canvas: the stage is framed below it.
      () => legendBox.getBoundingClientRect().bottom - canvas.getBoundingClientRect().top,
    );
    window.addEventListener("resize", () => scene?.resize());
  } catch (error) {
    notices.push(`The 3D view is unavailable here (WebGL: ${(error as Error).message}); everything else works.`);
  }
  const legend = mountSceneLegend(required<HTMLElement>("[data-testid=legend]"), () => {
    // The key's new height moves the band the stage is framed below.
    scene?.resize();
    sceneDirty = true;
  });
  const field = new ParticleField(PARTICLE_CAPACITY);
  // What the canvas shows, so that a paused, unchanged scene is not drawn again.
  let drawnAtS = Number.NaN;
  let drawnRecords = -1;
  let sceneDirty = true;
  window.addEventListener("resize", () => {
    sceneDirty = true;
  });
  const seriesChart = mountSeriesChart(required<HTMLElement>("[data-testid=live-chart]"));

  const showTopology = (topology: Topology) => {
    const layout = layoutTopology(topology.nodes);
    field.setTopology(layout);
    sceneDirty = true;
    const labels: string[] = [];
    for (const n of topology.nodes) labels[n.id] = n.label;
    // The legend first: its new height decides where the scene frames the stage.
    legend.setTopology(topology.nodes);
    scene?.setTopology(layout, labels);
    sceneSection.dataset.nodes = String(topology.nodes.length);
    sceneSection.dataset.logDataSets = String(topology.nodes.filter((n) => n.kind === "log_data_set").length);
  };

  let speed = DEFAULT_SPEED;
  const worker = openWorker<WorkerPort>(createSimWorker);
  let client: SimClient | null = null;
  // Without a worker the transport drives an empty player, so the rest of the page still works.
  const idlePlayer = new TracePlayer({ maxRecords: 1 });
  if (typeof worker === "string") {
    notices.push(`The message-flow simulation cannot run here (${worker}); the model and its charts still work.`);
  } else {
    client = new SimClient(worker, {
      maxSeriesSamples: 50_000,
      listener: {
        started: (topology) => {
          showTopology(topology);
          runNote = "";
          showStatus();
        },
        progress: (_horizonS, _series, totals) => {
          sceneSection.dataset.events = String(totals.events);
        },
        rejected: (errors) => {
          runNote = `The simulation refused the scenario: ${errors.map((e) => `${e.field} ${e.allowed}`).join("; ")}.`;
          showStatus();
        },
        failed: (message) => {
          runNote = `The simulation stopped: ${message}`;
          showStatus();
        },
      },
    });
  }
  const player = () => client?.player ?? idlePlayer;

  /** Rebuilds the particles around `timeS` from the buffered trace (after a scrub or a restart). */
  const rebuildAt = (timeS: number) => {
    const p = player();
    field.reset();
    // Far enough back to catch the particles still flying and most tasks still waiting there.
    const lookbackS = Math.max(REBUILD_LOOKBACK_S, 4 * field.current.flightS, 20 * field.expectedIoS);
    p.visitRange(timeS - lookbackS, timeS, field.apply);
    field.update(timeS);
    sceneDirty = true;
  };

  const configureField = (state: ScenarioState) => {
    field.configure({
      persistent: state.scenario.workload.persistence === "persistent",
      messageSizeBytes: state.scenario.workload.message_size_bytes,
      flightS: flightSecondsAt(speed),
    });
  };

  let run = 0;
  const startRun = () => {
    const state = store.getState();
    configureField(state);
    field.reset();
    sceneDirty = true;
    if (client === null) return;
    run = client.start({
      scenario: state.scenario,
      seed: SEED,
      options: { chunk_records: CHUNK_RECORDS, series_interval_s: seriesIntervalAt(speed) },
      stream: { maxUnackedChunks: MAX_UNACKED_CHUNKS },
    });
    client.setSpeed(speed);
    sceneSection.dataset.run = String(run);
    runNote = "Starting the simulation…";
    showStatus();
  };

  const target: TransportTarget = {
    get timeS() {
      return player().timeS;
    },
    get horizonS() {
      return player().horizonS;
    },
    get bufferedFromS() {
      return player().bufferedFromS;
    },
    get state() {
      return player().state;
    },
    get speed() {
      return speed;
    },
    play: () => player().play(),
    pause: () => player().pause(),
    setSpeed: (s) => {
      speed = s;
      player().setSpeed(s);
      field.configure({ ...field.current, flightS: flightSecondsAt(s) });
    },
    seek: (timeS) => {
      player().seek(timeS);
      rebuildAt(player().timeS);
    },
  };
  const transport = mountTransport(required<HTMLElement>("[data-testid=transport]"), () => target);

  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  store.subscribe((s, previous) => {
    if (s.scenario === previous.scenario) return;
    // A new test shape opens at the speed that suits it; within a shape the learner's speed stays.
    if (s.scenario.workload.kind !== previous.scenario.workload.kind) {
      const rate = Number(valueAt(s.scenario, "channel.message_rate_msgs_s"));
      target.setSpeed(openingSpeed(s.scenario.workload.kind, rate));
    }
    configureField(s);
    clearTimeout(restartTimer);
    restartTimer = setTimeout(startRun, RESTART_DEBOUNCE_MS);
  });

  const chart = required<HTMLElement>(".chart");
  drawLogChart(chart, engine, store.getState());
  store.subscribe((s, previous) => {
    if (s.scenario !== previous.scenario) drawLogChart(chart, engine, s);
  });
  window.addEventListener("resize", () => drawLogChart(chart, engine, store.getState()));

  startRun();
  player().play();

  let lastFrameMs = performance.now();
  let lastSlowMs = 0;
  const frame = (nowMs: number) => {
    // A hidden tab resumes without leaping: at most a quarter second of playback per frame
    // (a slow machine's frames still keep nearly the chosen speed).
    const wallS = Math.min(0.25, Math.max(0, (nowMs - lastFrameMs) / 1000));
    lastFrameMs = nowMs;
    const p = player();
    const visited = p.tick(wallS, field.apply);
    // A paused scene that nothing changed is not drawn again: the canvas keeps its last frame.
    if (visited > 0 || p.timeS !== drawnAtS || field.recordsApplied !== drawnRecords || sceneDirty) {
      field.update(p.timeS);
      scene?.draw(field);
      drawnAtS = p.timeS;
      drawnRecords = field.recordsApplied;
      sceneDirty = false;
    }
    transport.refresh();
    if (nowMs - lastSlowMs > 200) {
      lastSlowMs = nowMs;
      sceneSection.dataset.particles = String(field.liveCount);
      sceneSection.dataset.waiting = String(field.waitingTasks);
      sceneSection.dataset.records = String(field.recordsApplied);
      if (client !== null) seriesChart.draw(client.series, p.timeS, CHART_SAMPLES);
      if (p.skippedRecords > 0) {
        sceneSection.dataset.skipped = String(p.skippedRecords);
      }
      sceneSection.setAttribute(
        "aria-label",
        `Topology at ${formatSimTime(p.timeS)} of simulated time: ${field.liveCount} messages moving, ${field.waitingTasks} tasks waiting`,
      );
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  app.dataset.state = "ready";
  showStatus();
}

boot().catch((error: unknown) => {
  const app = document.querySelector<HTMLElement>("#app");
  if (app) app.dataset.state = "failed";
  const status = document.querySelector<HTMLElement>("[data-testid=status]");
  if (status) status.textContent = `The model could not be loaded: ${(error as Error).message ?? String(error)}`;
  console.error(error);
});
