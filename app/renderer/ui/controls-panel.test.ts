import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import type { Scenario } from "../engine/types";
import { withField } from "../store/scenario-store";
import {
  CONTROL_GROUPS,
  type ControlSpec,
  changesFor,
  type FieldChanges,
  formatBytes,
  MESSAGE_SIZE_STEPS,
  nearestSizeStep,
  offeredValues,
  valueAt,
} from "./controls-panel";
import { nearestStep } from "./slider-steps";

describe("message size slider steps", () => {
  it("run from 256 bytes to the 100 MB maximum, increasing", () => {
    expect(MESSAGE_SIZE_STEPS[0]).toBe(256);
    expect(MESSAGE_SIZE_STEPS.at(-1)).toBe(104_857_600);
    for (let i = 1; i < MESSAGE_SIZE_STEPS.length; i++) {
      expect(MESSAGE_SIZE_STEPS[i]).toBeGreaterThan(MESSAGE_SIZE_STEPS[i - 1] as number);
    }
  });

  it("snap a size to the nearest step on a log scale", () => {
    expect(MESSAGE_SIZE_STEPS[nearestSizeStep(2048)]).toBe(2048);
    expect(MESSAGE_SIZE_STEPS[nearestSizeStep(2800)]).toBe(2048);
    expect(MESSAGE_SIZE_STEPS[nearestSizeStep(3000)]).toBe(4096);
    expect(MESSAGE_SIZE_STEPS[nearestSizeStep(1)]).toBe(256);
  });

  it("format sizes as people say them", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(104_857_600)).toBe("100 MB");
  });
});

describe("scenario controls", () => {
  const engine = nodeEngine();
  const base = engine.defaultScenario();
  const withAll = (scenario: Scenario, changes: FieldChanges) =>
    Object.entries(changes).reduce((s, [path, value]) => withField(s, path, value), scenario);
  /** Scenarios that between them show every group and control of the panel. */
  const bases: readonly [string, Scenario][] = [
    ["default", base],
    ["persistent zHyperLink", withAll(base, { "workload.persistence": "persistent", "log.io_mode": "zhyperlink" })],
    ["shared queues", withAll(base, { "workload.queue_type": "shared", "workload.queue_managers": 2 })],
    ["channel move", withAll(base, { "workload.kind": "channel_move", "workload.queue_managers": 2 })],
    ["batch put", withAll(base, { "workload.kind": "batch_put" })],
    ["clients", withAll(base, { "connection.client_applications": true })],
    ["streaming", withAll(base, { "streaming.enabled": true })],
    [
      "eight requesters on four pairs",
      withAll(base, { "workload.requesters": 8, "workload.servers": 4, "workload.queue_pairs": 4 }),
    ],
  ];
  const shownIn = (when: ((s: Scenario) => boolean) | undefined, s: Scenario) => when === undefined || when(s);

  it("offer only values the model accepts, with the fields each must change along with it", () => {
    for (const [name, scenario] of bases) {
      expect(() => engine.parseScenario(scenario), name).not.toThrow();
      for (const group of CONTROL_GROUPS) {
        if (!shownIn(group.shownWhen, scenario)) continue;
        for (const control of group.controls) {
          if (!shownIn(control.shownWhen, scenario)) continue;
          for (const value of offeredValues(control)) {
            const changed = withAll(scenario, changesFor(control, value, scenario));
            expect(() => engine.parseScenario(changed), `${name}: ${control.path} = ${value}`).not.toThrow();
            // The control reads back the value it set.
            expect(valueAt(engine.parseScenario(changed), control.path), `${name}: ${control.path}`).toEqual(value);
          }
        }
      }
    }
    expect(() => engine.parseScenario(withField(base, "log.io_mode", "carrier_pigeon"))).toThrow(/log\.io_mode/);
  });

  it("show every control for some scenario and hide the parts a scenario does not use", () => {
    for (const group of CONTROL_GROUPS) {
      for (const control of group.controls) {
        const somewhere = bases.some(([, s]) => shownIn(group.shownWhen, s) && shownIn(control.shownWhen, s));
        expect(somewhere, control.testid).toBe(true);
      }
    }
    const titlesShown = (s: Scenario) => CONTROL_GROUPS.filter((g) => shownIn(g.shownWhen, s)).map((g) => g.title);
    expect(titlesShown(base)).not.toContain("Coupling facility");
    expect(titlesShown(base)).not.toContain("Channel");
    expect(titlesShown((bases[2] as [string, Scenario])[1])).toContain("Coupling facility");
    expect(titlesShown((bases[3] as [string, Scenario])[1])).toContain("Channel");
    const testids = CONTROL_GROUPS.flatMap((g) => g.controls.map((c) => c.testid));
    expect(new Set(testids).size).toBe(testids.length);
  });

  it("takes a second queue manager along when a test needs one, and drops it when none may stay", () => {
    const kind = CONTROL_GROUPS[0]?.controls.find((c) => c.path === "workload.kind") as ControlSpec;
    expect(changesFor(kind, "channel_move", base)).toEqual({
      "workload.kind": "channel_move",
      "workload.queue_managers": 2,
    });
    const shared = (bases[2] as [string, Scenario])[1];
    expect(changesFor(kind, "channel_move", shared)).toEqual({
      "workload.kind": "channel_move",
      "workload.queue_type": "private",
    });
    const moved = (bases[3] as [string, Scenario])[1];
    expect(changesFor(kind, "request_reply", moved)["workload.queue_managers"]).toBe(1);
    const queues = CONTROL_GROUPS[0]?.controls.find((c) => c.path === "workload.queue_type") as ControlSpec;
    expect(changesFor(queues, "private", shared)["workload.queue_managers"]).toBe(1);
    expect(changesFor(queues, "shared", shared)).toEqual({ "workload.queue_type": "shared" });
  });

  it("keeps a server for every queue pair in use, whichever of the three moves", () => {
    const control = (path: string) =>
      CONTROL_GROUPS.flatMap((g) => g.controls).find((c) => c.path === path) as ControlSpec;
    const four = (bases.at(-1) as [string, Scenario])[1];
    expect(changesFor(control("workload.queue_pairs"), 8, four)).toEqual({
      "workload.queue_pairs": 8,
      "workload.servers": 8,
    });
    expect(changesFor(control("workload.servers"), 2, four)).toEqual({
      "workload.servers": 2,
      "workload.queue_pairs": 2,
    });
    const oneEach = withAll(four, { "workload.requesters": 2, "workload.servers": 2 });
    expect(changesFor(control("workload.requesters"), 6, oneEach)).toEqual({
      "workload.requesters": 6,
      "workload.servers": 4,
    });
    // Pairs beyond the requesters are not in use, and more servers than pairs are welcome.
    expect(changesFor(control("workload.queue_pairs"), 16, oneEach)).toEqual({ "workload.queue_pairs": 16 });
    expect(changesFor(control("workload.servers"), 64, four)).toEqual({ "workload.servers": 64 });
  });

  it("snap any value to its nearest step, zero included", () => {
    expect(nearestStep([0, 1, 2, 5, 10], 0)).toBe(0);
    expect(nearestStep([0, 1, 2, 5, 10], 4)).toBe(3);
    expect(nearestStep([0, 1, 2, 5, 10], 7)).toBe(3);
    expect(nearestStep([0, 1, 2, 5, 10], 8)).toBe(4);
  });
});
