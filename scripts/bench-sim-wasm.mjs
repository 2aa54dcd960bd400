// Speed of the message-flow simulation in wasm under Node, in events per second: the MQ workload
// (statistics only, and with a trace whose chunks are taken as the worker does) beside the plain
// M/M/c reference in the same run, so a ratio is reported as well as an absolute (target: at
// least 2 million events/s in wasm). When the native CLI is built, its figures for the same
// scenario are printed too, for the native-vs-wasm ratio. `npm run bench:sim [scenario.json]`.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import * as mqpx from "../app/renderer/engine/pkg/mqpx.js";

mqpx.initSync({ module: readFileSync(new URL("../app/renderer/engine/pkg/mqpx_bg.wasm", import.meta.url)) });

const WALL_S = 1; // each measurement runs at least this long
const MAX_SIM_S = 3600; // ...or until this much simulated time (a scenario with few events)
const TARGET_EVENTS_PER_S = 2e6;
const SEED = 1;
// The same built-in scenario as `mqpx simulate --bench`: the log path's stations all busy.
const BUILT_IN = {
  workload: { persistence: "persistent", syncpoint: "in_syncpoint", requesters: 8, servers: 8 },
  log: { io_mode: "zhyperlink", zhyperlink_pfids: 4, stripes: 2 },
};
// M/M/4 at 80% utilisation, as natively.
const REFERENCE = { arrivalPerS: 3.2, servicePerS: 1, servers: 4 };

const scenarioPath = process.argv[2];
const scenarioJson = scenarioPath ? readFileSync(scenarioPath, "utf8") : JSON.stringify(BUILT_IN);
const label = scenarioPath ?? "built-in persistent zHyperLink request/reply";

/** Runs the MQ simulation in doubling slices until the wall budget is used. */
function measureMq(trace) {
  const options = JSON.stringify({ trace, warmup_s: 0, run_s: MAX_SIM_S });
  const sim = new mqpx.Simulation(scenarioJson, SEED, options);
  const t0 = performance.now();
  let untilS = 0.01;
  for (;;) {
    sim.advance(untilS);
    for (let c = sim.takeChunk(); c !== undefined; c = sim.takeChunk()) {
      // Copy the columns out as the worker does before posting them.
      void [c.takeTimeS(), c.takeMessage(), c.takeFrom(), c.takeTo(), c.takeKind(), c.takeBytes()];
      c.free();
    }
    const elapsedS = (performance.now() - t0) / 1000;
    if (elapsedS >= WALL_S || untilS >= MAX_SIM_S) {
      const events = sim.events();
      sim.free();
      return { events, simulatedS: untilS, elapsedS, eventsPerS: elapsedS > 0 ? events / elapsedS : 0 };
    }
    untilS = Math.min(untilS * 2, MAX_SIM_S);
  }
}

/** Runs the reference for growing periods until one run takes the wall budget. */
function measureReference() {
  let runS = 1000;
  for (;;) {
    const t0 = performance.now();
    const out = JSON.parse(
      mqpx.simulateMmc(REFERENCE.arrivalPerS, REFERENCE.servicePerS, REFERENCE.servers, SEED, runS),
    );
    const elapsedS = (performance.now() - t0) / 1000;
    if (elapsedS >= WALL_S || runS >= 1e9) {
      return { events: out.events, simulatedS: runS, elapsedS, eventsPerS: out.events / elapsedS };
    }
    runS *= Math.min(16, Math.max(2, (WALL_S / Math.max(elapsedS, 1e-3)) * 1.1));
  }
}

/** The native CLI's figures for the same scenario, when it is built. */
function nativeFigures() {
  const exe = fileURLToPath(new URL("../wasm-core/target/release/mqpx", import.meta.url));
  if (!existsSync(exe)) return null;
  const args = ["simulate", "--bench", "--json", ...(scenarioPath ? [scenarioPath] : [])];
  const run = spawnSync(exe, args, { encoding: "utf8" });
  if (run.status !== 0) return null;
  return JSON.parse(run.stdout);
}

const line = (name, s) =>
  `${name.padEnd(28)} ${(s.eventsPerS / 1e6).toFixed(2).padStart(7)} M events/s  (${s.events} events, ${s.simulatedS.toFixed(1)} s simulated, ${s.elapsedS.toFixed(2)} s wall)`;

const statsOnly = measureMq(false);
const withTrace = measureMq(true);
const reference = measureReference();
console.log(`simulation speed in wasm ${mqpx.version()} under Node ${process.version}, scenario: ${label}`);
console.log(line("MQ, statistics only", statsOnly));
console.log(line("MQ, with trace", withTrace));
console.log(line("reference M/M/4 at 80%", reference));
console.log(`ratio MQ / reference (wasm): ${(statsOnly.eventsPerS / reference.eventsPerS).toFixed(2)}`);
const native = nativeFigures();
if (native) {
  const n = native.mq_statistics_only.events_per_s;
  console.log(
    `native MQ ${(n / 1e6).toFixed(2)} M events/s, reference ${(native.reference_mmc.events_per_s / 1e6).toFixed(2)} M events/s; wasm / native: MQ ${(statsOnly.eventsPerS / n).toFixed(2)}, reference ${(reference.eventsPerS / native.reference_mmc.events_per_s).toFixed(2)}`,
  );
} else {
  console.log("native figures: build the CLI (cargo build --release) to compare native and wasm");
}
const met = statsOnly.eventsPerS >= TARGET_EVENTS_PER_S;
console.log(`target: >= ${TARGET_EVENTS_PER_S / 1e6} M events/s in wasm: ${met ? "met" : "NOT met"}`);
