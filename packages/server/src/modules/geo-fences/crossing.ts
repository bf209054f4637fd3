/**
 * Whether a device `d` metres from a fence's centre counts as inside, given where it counted
 * before. A fix is only as good as its accuracy: near the edge a device that stays put would
 * otherwise enter and leave with every report. So crossing needs the fix to be beyond the edge by
 * its accuracy (at most a quarter of the radius, so a small fence still sees crossings), and a fix
 * whose accuracy is the fence's size or worse (a cell fix against a shop-sized fence) cannot tell
 * and crosses nothing (nor places a device not placed yet): a device switching between a GNSS and a
 * coarse cell fix does not raise an entry and an exit with each switch. The first good enough
 * position after a device joins a fence places it without a margin.
 */
export function insideNow(before: boolean | null, d: number, radius: number, accuracy: number | null): boolean | null {
  const uncertain = Math.max(accuracy ?? 0, 0);
  if (uncertain >= radius) return before;
  if (before === null) return d <= radius;
  const margin = Math.min(uncertain, radius / 4);
  return before ? d <= radius + margin : d < radius - margin;
}
