/** The wasm build judges the model against the reference data exactly as the native CLI does. */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeBindings } from "../support/node-engine";

const dir = resolve(import.meta.dirname, "../../content/reference");
const sets = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(resolve(dir, f), "utf8")) as { points: unknown[] });

describe("fidelity in wasm", () => {
  it("evaluates every reference point and meets the validation target", () => {
    const report = JSON.parse(nodeBindings().fidelity(JSON.stringify(sets)));
    const total = sets.reduce((n, s) => n + s.points.length, 0);
    expect(report.points).toHaveLength(total);
    const v = report.summary.validation_within_20_pct;
    expect(v.passed / v.points).toBeGreaterThanOrEqual(0.85);
  });

  it("names the set and point of a malformed reference file", () => {
    const broken = structuredClone(sets);
    (broken[1]?.points[0] as Record<string, unknown>).role = "tuning";
    expect(() => nodeBindings().fidelity(JSON.stringify(broken))).toThrow(/\[1\]\.points\[0\]\.role/);
  });
});
