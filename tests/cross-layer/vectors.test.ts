/**
 * The shared test vectors: the wasm build must give exactly (bit for bit) the metrics the native
 * build stored in tests/vectors/expected/ (cargo test keeps those current).
 */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeBindings } from "../support/node-engine";

const root = resolve(import.meta.dirname, "../vectors");
const names = readdirSync(resolve(root, "inputs")).filter((f) => f.endsWith(".json"));

/** Paths whose numbers differ in any bit (Object.is tells -0 from 0 and compares exact doubles). */
function differences(a: unknown, b: unknown, path: string, out: string[]): string[] {
  if (typeof a === "number" && typeof b === "number") {
    if (!Object.is(a, b)) out.push(`${path}: wasm ${a} native ${b}`);
  } else if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: length ${a.length} vs ${b.length}`);
    a.forEach((x, i) => {
      differences(x, b[i], `${path}[${i}]`, out);
    });
  } else if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) differences((a as never)[k], (b as never)[k], `${path}.${k}`, out);
  } else if (a !== b) {
    out.push(`${path}: wasm ${JSON.stringify(a)} native ${JSON.stringify(b)}`);
  }
  return out;
}

describe("native and wasm agree on the shared vectors", () => {
  it("has vectors to check", () => {
    expect(names.length).toBeGreaterThanOrEqual(5);
  });

  for (const name of names) {
    it(name, () => {
      const input = readFileSync(resolve(root, "inputs", name), "utf8");
      const expected = JSON.parse(readFileSync(resolve(root, "expected", name), "utf8"));
      const actual = JSON.parse(nodeBindings().evaluate(input));
      expect(differences(actual, expected, "metrics", [])).toEqual([]);
    });
  }
});
