import type { DevicePhysicalStat, ModelStat } from '@herald/contract';

/** `part` of `total` in per cent with one decimal; null when there is nothing to divide. */
export const rateOf = (part: number, total: number): number | null =>
  total > 0 ? Math.round((part / total) * 1000) / 10 : null;

/** A day of the series (YYYY-MM-DD) as the axis shows it. */
export const dayLabel = (day: string): string => day.slice(5);

export type Slice = { key: string; name: string; value: number; color: string };

/** The four states that add up to the fleet, in the donut's order. */
export const DEVICE_STATES = ['online', 'offline', 'disabled', 'notEnabled'] as const;
/** Flags counted across the states, shown as small figures under the donut. */
export const DEVICE_FLAGS = ['paused', 'muted', 'notActivated'] as const;
const STATE_COLORS: Record<(typeof DEVICE_STATES)[number], string> = {
  online: '#52c41a',
  offline: '#bfbfbf',
  disabled: '#ff4d4f',
  notEnabled: '#faad14',
};

export const stateSlices = (stat: DevicePhysicalStat, label: (state: string) => string): Slice[] =>
  DEVICE_STATES.map((key) => ({ key, name: label(key), value: stat[key], color: STATE_COLORS[key] }));

const MODEL_COLORS = ['#2F54EB', '#13c2c2', '#52c41a', '#faad14', '#eb2f96', '#722ed1', '#fa541c', '#a0d911'];
const OTHERS_COLOR = '#d9d9d9';

/** The named models, then "others" when the rest of the fleet is on more models than the dashboard names. */
export function modelSlices(stat: ModelStat, othersLabel: string): Slice[] {
  const named = stat.models.map((m, i) => ({
    key: `model-${m.modelId}`,
    name: m.name,
    value: m.count,
    color: MODEL_COLORS[i % MODEL_COLORS.length]!,
  }));
  return stat.others > 0
    ? [...named, { key: 'others', name: othersLabel, value: stat.others, color: OTHERS_COLOR }]
    : named;
}

export const CHART_HEIGHT = 280;

export const JOB_COLORS = {
  print: '#2F54EB',
  speak: '#13c2c2',
  trade: '#faad14',
  success: '#52c41a',
  failed: '#ff4d4f',
} as const;

/** The lines of the session chart. */
export const SESSION_SERIES = [
  { key: 'connected', labelKey: 'home.chart.connected', color: '#2F54EB' },
  { key: 'sessions', labelKey: 'home.chart.connections', color: '#13c2c2' },
  { key: 'added', labelKey: 'home.chart.added', color: '#faad14' },
  { key: 'activated', labelKey: 'home.chart.activated', color: '#52c41a' },
] as const;

/** A legend sorter keeping the series in the order given (recharts sorts them by name otherwise). */
export const inOrder =
  (keys: readonly string[]) =>
  (item: { dataKey?: unknown }): number =>
    keys.indexOf(String(item.dataKey));
