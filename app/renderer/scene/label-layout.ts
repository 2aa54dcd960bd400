/**
 * Keeps the scene's node labels legible: where two would overlap on screen, the later one moves
 * to the nearest clear place (sideways by up to half its width, or down a line or a few), and is
 * left out if none is near. Pure geometry, so it is tested without a browser.
 */

/** A label's box on screen, px: `x` its centre (labels are centred on their node), `y` its top. */
export interface LabelBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Space kept clear between two labels, px. */
const GAP_PX = 2;

/** Lines a label may move down before it is left out. */
export const MAX_LINES_DOWN = 3;

function overlaps(a: LabelBox, b: LabelBox): boolean {
  return (
    Math.abs(a.x - b.x) * 2 < a.width + b.width + 2 * GAP_PX &&
    a.y < b.y + b.height + GAP_PX &&
    b.y < a.y + a.height + GAP_PX
  );
}

/** Where a label moved to clear the others, px (right and down). */
export interface LabelShift {
  readonly dx: number;
  readonly dy: number;
}

/** The moves tried, nearest first, each measured in the label's own size: sideways by a quarter
 * or half its width before a line down, since a label that drops below its neighbour's line
 * reads as naming something else. */
function candidates(box: LabelBox): LabelShift[] {
  const out: LabelShift[] = [];
  for (let line = 0; line <= MAX_LINES_DOWN; line++) {
    for (const quarter of [0, 1, -1, 2, -2]) {
      out.push({ dx: (quarter * box.width) / 4, dy: line * (box.height + GAP_PX) });
    }
  }
  const cost = (s: LabelShift) => Math.abs(s.dx) / box.width + s.dy / box.height;
  return out.sort((a, b) => cost(a) - cost(b));
}

/**
 * Where each of `boxes` must move to clear those before it, or `null` where no move within half
 * its width sideways and `MAX_LINES_DOWN` lines down clears them (it is hidden). Earlier boxes
 * have the first choice of place.
 */
export function declutterLabels(boxes: readonly LabelBox[]): (LabelShift | null)[] {
  const placed: LabelBox[] = [];
  return boxes.map((box) => {
    for (const shift of candidates(box)) {
      const moved = { ...box, x: box.x + shift.dx, y: box.y + shift.dy };
      if (!placed.some((p) => overlaps(moved, p))) {
        placed.push(moved);
        return shift;
      }
    }
    return null;
  });
}
