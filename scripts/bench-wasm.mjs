// Speed of the model in wasm under Node: one evaluation and a 1,000-point sweep (target: under
// 20 ms, so a slider drag re-draws every chart within one frame). Prints figures; `npm run bench:wasm`.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import * as mqpx from "../app/renderer/engine/pkg/mqpx.js";

mqpx.initSync({ module: readFileSync(new URL("../app/renderer/engine/pkg/mqpx_bg.wasm", import.meta.url)) });

const scenario = JSON.stringify({
  workload: { persistence: "persistent", syncpoint: "in_syncpoint", requesters: 8, servers: 8 },
  log: { io_mode: "zhyperlink", zhyperlink_pfids: 4, stripes: 2 },
});
const values = Float64Array.from({ length: 1000 }, (_, i) => Math.round(256 * (104_857_600 / 256) ** (i / 999)));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(label, runs, f) {
  for (let i = 0; i < Math.min(runs, 20); i++) f();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    samples.push(performance.now() - t0);
  }
  return { label, median_ms: median(samples), min_ms: Math.min(...samples) };
}

const evalResult = time("evaluate (JSON in, JSON out)", 2000, () => mqpx.evaluate(scenario));
// One chart's worth of each kind of metric: a closed-form one (log data per message) and the
// closed-loop solution behind throughput and commit figures, the costliest to evaluate.
const metrics = ["log.log_bytes_per_message", "request_reply.transactions_s", "commit.force_wait_us"];
const sweeps = metrics.map((metric) =>
  time(`sweep, 1000 message sizes, ${metric}`, 30, () =>
    mqpx.sweep(scenario, "workload.message_size_bytes", values, metric),
  ),
);
console.log(`wasm ${mqpx.version()} under Node ${process.version}`);
console.log(`${evalResult.label}: median ${(evalResult.median_ms * 1000).toFixed(1)} µs`);
for (const sweep of sweeps) {
  console.log(`${sweep.label}: median ${sweep.median_ms.toFixed(2)} ms (target < 20 ms)`);
}
