import { describe, expect, it } from 'vitest';
import { dayLabel, inOrder, modelSlices, rateOf, stateSlices } from './figures';

describe('dashboard figures', () => {
  it('gives rates in per cent with one decimal, and none of an empty fleet', () => {
    expect(rateOf(1, 3)).toBe(33.3);
    expect(rateOf(2, 3)).toBe(66.7);
    expect(rateOf(5, 5)).toBe(100);
    expect(rateOf(0, 4)).toBe(0);
    expect(rateOf(0, 0)).toBeNull();
  });

  it('shows days as month-day', () => {
    expect(dayLabel('2025-03-09')).toBe('03-09');
  });

  it('puts the four device states in the donut and leaves the flags out', () => {
    const slices = stateSlices(
      { online: 3, offline: 2, disabled: 1, notEnabled: 0, paused: 4, muted: 5, notActivated: 6 },
      (s) => `label ${s}`,
    );
    expect(slices.map((s) => [s.key, s.name, s.value])).toEqual([
      ['online', 'label online', 3],
      ['offline', 'label offline', 2],
      ['disabled', 'label disabled', 1],
      ['notEnabled', 'label notEnabled', 0],
    ]);
  });

  it('adds an "others" slice only when some devices are on models not named', () => {
    const models = [
      { modelId: 7, name: 'Printer 58', code: 'P58', count: 4 },
      { modelId: 9, name: 'Speaker', code: 'SPK', count: 2 },
    ];
    expect(modelSlices({ models, others: 0 }, 'Others').map((s) => s.name)).toEqual(['Printer 58', 'Speaker']);
    const withOthers = modelSlices({ models, others: 3 }, 'Others');
    expect(withOthers.at(-1)).toMatchObject({ key: 'others', name: 'Others', value: 3 });
    expect(new Set(withOthers.map((s) => s.color)).size).toBe(3);
  });

  it('keeps legend items in the order the series are declared', () => {
    const items = [{ dataKey: 'failed' }, { dataKey: 'print' }, { dataKey: 'success' }];
    const sorter = inOrder(['print', 'success', 'failed']);
    expect([...items].sort((a, b) => sorter(a) - sorter(b)).map((i) => i.dataKey)).toEqual([
      'print',
      'success',
      'failed',
    ]);
  });
});
