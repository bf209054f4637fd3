/** Byte counts as people read them: 512 B, 1.5 KB, 9.8 MB (binary units, one decimal). */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1).replace(/\.0$/, '')} ${units[i]}`;
}

/** The readable size with the exact byte count beside it when they differ ("9.8 MB (10,240,000 B)"). */
export const formatBytesExact = (n: number) =>
  n < 1024 ? formatBytes(n) : `${formatBytes(n)} (${n.toLocaleString()} B)`;
