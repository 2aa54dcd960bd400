import { describe, expect, it } from "vitest";
import { seriesLabel, visibleRange } from "./series-chart";

describe("live series chart", () => {
  it("shows the last samples at or before the playhead, never those ahead of it", () => {
    const times = [0, 1, 2, 3, 4, 5];
    expect(visibleRange(times, 3.5, 2)).toEqual([2, 4]);
    expect(visibleRange(times, 3, 2)).toEqual([2, 4]);
    expect(visibleRange(times, 3, 100)).toEqual([0, 4]);
    expect(visibleRange(times, -1, 3)).toEqual([0, 0]);
    expect(visibleRange(times, 99, 3)).toEqual([3, 6]);
    expect(visibleRange([], 1, 3)).toEqual([0, 0]);
  });

  it("labels the core's series by what they measure, and unknown ones by their name", () => {
    expect(seriesLabel("queue_depth")).toMatch(/queue depth/);
    expect(seriesLabel("pfid_busy_pct")).toMatch(/PFID busy %/);
    expect(seriesLabel("new_thing_count")).toBe("new thing count");
  });
});
