import { describe, expect, it } from 'vitest';
import { ALARM_LATENCY_MAX_MS, DEFAULT_ALARM_SETTINGS } from '@herald/contract';
import {
  gradeCountProblem,
  gradeMaxProblem,
  gradeMinProblem,
  gradeOf,
  nextGrade,
  nextMinsFollowMax,
  splitPoint,
} from './grades';

const grades = DEFAULT_ALARM_SETTINGS.grades;

describe('gradeOf', () => {
  it('puts a latency in the grade from its minimum up to its maximum', () => {
    expect(gradeOf(0, grades)?.name).toBe('Normal');
    expect(gradeOf(799, grades)?.name).toBe('Normal');
    expect(gradeOf(800, grades)?.name).toBe('Slow');
    expect(gradeOf(2000, grades)?.name).toBe('Severe');
  });

  it('lets the last grade take its maximum, and nothing past it', () => {
    expect(gradeOf(ALARM_LATENCY_MAX_MS, grades)?.name).toBe('Severe');
    expect(gradeOf(ALARM_LATENCY_MAX_MS + 1, grades)).toBeUndefined();
    expect(gradeOf(5, [])).toBeUndefined();
  });
});

describe('grade rules (the contract messages)', () => {
  it('wants 2 to 5 grades', () => {
    expect(gradeCountProblem(grades.slice(0, 1))).toBe('validation.gradeCount');
    expect(gradeCountProblem(undefined)).toBe('validation.gradeCount');
    expect(gradeCountProblem(grades)).toBeUndefined();
    expect(gradeCountProblem([...grades, ...grades])).toBe('validation.gradeCount');
  });

  it('wants each maximum above its minimum', () => {
    expect(gradeMaxProblem([{ min: 5, max: 5 }], 0)).toBe('validation.gradeMinMax');
    expect(gradeMaxProblem([{ min: 5, max: 6 }], 0)).toBeUndefined();
    expect(gradeMaxProblem([{ min: 5 }], 0)).toBeUndefined();
  });

  it('wants each minimum to equal the previous maximum', () => {
    const rows = [
      { min: 0, max: 800 },
      { min: 900, max: 2000 },
    ];
    expect(gradeMinProblem(rows, 0)).toBeUndefined();
    expect(gradeMinProblem(rows, 1)).toBe('validation.gradeContiguous');
    expect(gradeMinProblem([rows[0], { min: 800, max: 2000 }], 1)).toBeUndefined();
  });

  it('starts a new row where the last ends', () => {
    expect(nextGrade([{ min: 0, max: 800 }])).toMatchObject({ min: 800, max: ALARM_LATENCY_MAX_MS });
    expect(nextGrade([])).toMatchObject({ min: 0 });
  });
});

describe('nextMinsFollowMax', () => {
  const run = (changed: Parameters<typeof nextMinsFollowMax>[0], all: Parameters<typeof nextMinsFollowMax>[1]) => {
    const set: [number, number][] = [];
    nextMinsFollowMax(changed, all, (i, min) => set.push([i, min]));
    return set;
  };

  it("moves the next row's minimum to a changed maximum", () => {
    const all = [
      { min: 0, max: 1000 },
      { min: 800, max: 2000 },
    ];
    // the form reports only the changed row: a sparse array
    const changed = [];
    changed[0] = { max: 1000 };
    expect(run(changed, all)).toEqual([[1, 1000]]);
  });

  it('leaves a changed minimum, an emptied maximum and the last row alone', () => {
    const all = [
      { min: 0, max: 800 },
      { min: 900, max: 2000 },
    ];
    const minOnly = [];
    minOnly[1] = { min: 900 };
    expect(run(minOnly, all)).toEqual([]);
    expect(run([{ max: undefined }], all)).toEqual([]);
    const last = [];
    last[1] = { max: 3000 };
    expect(run(last, all)).toEqual([]);
  });

  it('closes the gap a removed row leaves', () => {
    const all = [
      { min: 0, max: 800 },
      { min: 2000, max: 600000 },
    ];
    expect(run(all, all)).toEqual([[1, 800]]);
  });
});

describe('splitPoint()', () => {
  it('splits a last grade that reaches the longest latency, and leaves room alone', () => {
    expect(splitPoint({ min: 2000, max: ALARM_LATENCY_MAX_MS })).toBe(4000);
    expect(splitPoint({ min: 0, max: ALARM_LATENCY_MAX_MS })).toBe(ALARM_LATENCY_MAX_MS / 2);
    expect(splitPoint({ min: 400_000, max: ALARM_LATENCY_MAX_MS })).toBe(ALARM_LATENCY_MAX_MS - 1);
    expect(splitPoint({ min: 800, max: 2000 })).toBeUndefined();
    expect(splitPoint({ min: ALARM_LATENCY_MAX_MS - 1, max: ALARM_LATENCY_MAX_MS })).toBeUndefined();
    expect(splitPoint(undefined)).toBeUndefined();
  });
});
