import { describe, expect, it } from "vitest";
import { nodeEngine } from "../../../tests/support/node-engine";
import { withField } from "../store/scenario-store";
import { formatBytes, IO_MODES, MESSAGE_SIZE_STEPS, nearestSizeStep } from "./controls-panel";

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

  it("offer only values the model accepts, and each I/O mode the model tells apart", () => {
    const base = engine.defaultScenario();
    const accepted = (path: string, value: unknown) => engine.parseScenario(withField(base, path, value));
    const modes = IO_MODES.map(([mode]) => (accepted("log.io_mode", mode).log as { io_mode: string }).io_mode);
    expect(modes).toEqual(IO_MODES.map(([mode]) => mode));
    for (const [path, value] of [
      ["workload.requesters", 64],
      ["workload.servers", 64],
      ["workload.queue_pairs", 16],
      ["workload.syncpoint", "in_syncpoint"],
    ] as const) {
      expect(() => accepted(path, value), path).not.toThrow();
    }
    expect(() => accepted("log.io_mode", "carrier_pigeon")).toThrow(/log\.io_mode/);
  });
});
