/** Sliders over lists of values (sizes, rates, speeds): which step a value falls on. */

/** Index of the step of `steps` nearest to `value` on a log scale (0 is matched exactly, else by the first step). */
export function nearestStep(steps: readonly number[], value: number): number {
  const distance = (s: number) =>
    s === value ? -1 : s <= 0 || value <= 0 ? Number.POSITIVE_INFINITY : Math.abs(Math.log(s) - Math.log(value));
  let best = 0;
  steps.forEach((s, i) => {
    if (distance(s) < distance(steps[best] as number)) best = i;
  });
  return best;
}
