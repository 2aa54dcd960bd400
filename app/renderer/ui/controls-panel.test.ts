import { describe, expect, it } from "vitest";
import { formatBytes, MESSAGE_SIZE_STEPS, nearestSizeStep } from "./controls-panel";

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
