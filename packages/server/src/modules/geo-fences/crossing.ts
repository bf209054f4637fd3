/**
 * Whether a device `d` metres from a fence's centre counts as inside, given where it counted
 * before. A fix is only as good as its accuracy: near the edge a device that stays put would
 * otherwise enter and leave with every report. So crossing needs the fix to be beyond the edge
 * by its accuracy (at most a quarter of the radius, so a small fence still sees crossings).
 * The first position after a device joins a fence places it without a margin.
 */
export function insideNow(before: boolean | null, d: number, radius: number, accuracy: number | null): boolean {
  if (before === null) return d <= radius;
  const margin = Math.min(Math.max(accuracy ?? 0, 0), radius / 4);
  return before ? d <= radius + margin : d < radius - margin;
}
