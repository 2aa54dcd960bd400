import { describe, expect, it } from "vitest";
import { declutterLabels, type LabelBox, type LabelShift, MAX_LINES_DOWN } from "./label-layout";

const box = (x: number, y: number, width = 100, height = 12): LabelBox => ({ x, y, width, height });

/** The boxes where `declutterLabels` put them (the hidden ones left out). */
function placed(boxes: readonly LabelBox[]): LabelBox[] {
  const shifts = declutterLabels(boxes);
  return boxes.flatMap((b, k) => {
    const s = shifts[k] as LabelShift | null;
    return s === null ? [] : [{ ...b, x: b.x + s.dx, y: b.y + s.dy }];
  });
}

function apart(a: LabelBox, b: LabelBox): boolean {
  return Math.abs(a.x - b.x) * 2 >= a.width + b.width || a.y + a.height <= b.y || b.y + b.height <= a.y;
}

describe("scene label layout", () => {
  it("leaves labels that do not touch where they are", () => {
    const none = { dx: 0, dy: 0 };
    expect(declutterLabels([box(0, 0), box(200, 0), box(0, 40)])).toEqual([none, none, none]);
  });

  it("moves a label that would cover an earlier one no further than it must", () => {
    // "coupling facility (4 CPs)" and "application structure" side by side, a little too close.
    const [first, second] = declutterLabels([box(400, 100, 140), box(500, 100, 120)]);
    expect(first).toEqual({ dx: 0, dy: 0 });
    expect(second).not.toBeNull();
    expect(second?.dy).toBe(0);
    expect(second?.dx).toBeGreaterThan(0);
    expect(Math.abs(second?.dx ?? 0)).toBeLessThanOrEqual(60);
  });

  it("leaves every label it shows clear of the others", () => {
    const crowd = [box(300, 50), box(320, 52), box(290, 60, 80), box(310, 48, 140), box(305, 70, 60), box(600, 50)];
    const shown = placed(crowd);
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        expect(apart(shown[i] as LabelBox, shown[j] as LabelBox), `labels ${i} and ${j}`).toBe(true);
      }
    }
    expect(shown).toContainEqual(box(600, 50));
  });

  it("leaves out a label with no clear place near its node", () => {
    const pile = Array.from({ length: 5 * (MAX_LINES_DOWN + 1) + 2 }, () => box(300, 50));
    const shifts = declutterLabels(pile);
    expect(shifts.filter((s) => s === null).length).toBeGreaterThan(0);
    for (const s of shifts) {
      if (s === null) continue;
      expect(Math.abs(s.dx)).toBeLessThanOrEqual(50);
      expect(s.dy).toBeLessThanOrEqual(MAX_LINES_DOWN * 14);
    }
  });
});
