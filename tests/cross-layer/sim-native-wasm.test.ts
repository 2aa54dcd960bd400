/**
 * The simulation is the same program natively and in wasm: for one scenario and seed, the CLI's
 * `mqpx simulate --json` and the wasm `Simulation` report bit-identical steady-state figures and
 * event counts (the engine draws its randomness and transcendental functions from code of its own,
 * so a learner's replay in the browser matches the CLI's numbers).
 *
 * Uses the newest native build under wasm-core/target (cargo test builds one before Vitest runs in
 * `npm test`); without any, the comparison is skipped and says so.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import * as bindings from "../../app/renderer/engine/pkg/mqpx.js";
import type { SimMetrics } from "../../app/renderer/engine/sim-protocol";
import { openSimulation } from "../../app/renderer/engine/simulation";
import { nodeBindings } from "../support/node-engine";

nodeBindings();

const target = resolve(import.meta.dirname, "../../wasm-core/target");
const native = ["release", "debug"]
  .map((profile) => join(target, profile, "mqpx"))
  .filter((p) => existsSync(p))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];

const SCENARIOS: Record<string, unknown> = {
  "default request/reply": {},
  "persistent in syncpoint over zHyperLink, 2 stripes": {
    workload: { persistence: "persistent", syncpoint: "in_syncpoint", requesters: 4, servers: 4 },
    log: { io_mode: "zhyperlink", zhyperlink_pfids: 2, stripes: 2 },
  },
};

interface CliReport {
  readonly duration_s: number;
  readonly warmup_s: number;
  readonly batches: number;
  readonly metrics: SimMetrics;
}

describe("native and wasm simulations agree bit for bit", () => {
  it.skipIf(native === undefined)(`finds a native build to compare with (${native ?? "none: run cargo build"})`, () => {
    expect(native).toBeDefined();
  });

  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it.skipIf(native === undefined)(name, () => {
      const dir = mkdtempSync(join(tmpdir(), "mqpx-sim-"));
      const file = join(dir, "scenario.json");
      writeFileSync(file, JSON.stringify(scenario));
      const args = ["simulate", file, "--duration-s", "0.2", "--seed", "17", "--json"];
      const cli = JSON.parse(execFileSync(native as string, args, { encoding: "utf8" })) as CliReport;
      const sim = openSimulation(bindings.Simulation, scenario, 17, {
        trace: false,
        warmup_s: cli.warmup_s,
        run_s: cli.duration_s - cli.warmup_s,
        batches: cli.batches,
      });
      sim.advance(cli.duration_s);
      const wasm = sim.steadyState();
      sim.free();
      expect(wasm.events).toBeGreaterThan(1000);
      // JSON numbers from the same serialiser: equal text means equal bits.
      expect(JSON.stringify(wasm)).toBe(JSON.stringify(cli.metrics));
    });
  }
});
