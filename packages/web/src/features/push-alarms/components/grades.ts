import {
  ALARM_GRADES_MAX,
  ALARM_GRADES_MIN,
  ALARM_LATENCY_MAX_MS,
  DEFAULT_ALARM_SETTINGS,
  type AlarmGrade,
} from '@herald/contract';

/** A grade row as the form holds it: fields may be empty while being typed. */
export type GradeDraft = Partial<AlarmGrade> | undefined;

/**
 * The grade a latency falls in: from its minimum up to (not including) its maximum; the last
 * grade also takes its maximum (ALARM_LATENCY_MAX_MS). Undefined when no grade covers it.
 */
export function gradeOf(latencyMs: number, grades: readonly AlarmGrade[]): AlarmGrade | undefined {
  const last = grades[grades.length - 1];
  return (
    grades.find((g) => latencyMs >= g.min && latencyMs < g.max) ??
    (last && latencyMs >= last.min && latencyMs <= last.max ? last : undefined)
  );
}

/** Message keys of the contract's grade rules (alarmSettingsBody), for the form's validators. */
export const gradeCountProblem = (grades: readonly GradeDraft[] | undefined): string | undefined => {
  const n = grades?.length ?? 0;
  return n < ALARM_GRADES_MIN || n > ALARM_GRADES_MAX ? 'validation.gradeCount' : undefined;
};

/** Row i's maximum must be above its minimum. */
export const gradeMaxProblem = (grades: readonly GradeDraft[] | undefined, i: number): string | undefined => {
  const g = grades?.[i];
  return typeof g?.min === 'number' && typeof g?.max === 'number' && g.min >= g.max
    ? 'validation.gradeMinMax'
    : undefined;
};

/** Row i's minimum must equal the previous row's maximum (the ranges are contiguous). */
export const gradeMinProblem = (grades: readonly GradeDraft[] | undefined, i: number): string | undefined => {
  const prev = grades?.[i - 1];
  const min = grades?.[i]?.min;
  return i > 0 && typeof prev?.max === 'number' && typeof min === 'number' && min !== prev.max
    ? 'validation.gradeContiguous'
    : undefined;
};

/** A new row after the last one: it starts where the last ends. */
export const nextGrade = (grades: readonly GradeDraft[] | undefined): Partial<AlarmGrade> => {
  const lastMax = grades?.[grades.length - 1]?.max;
  return { name: '', colour: '#1677ff', min: typeof lastMax === 'number' ? lastMax : 0, max: ALARM_LATENCY_MAX_MS };
};

/**
 * Where to split the last grade when it already reaches the longest latency (nothing is left
 * after it): at twice its minimum, or halfway for a grade from 0. Undefined when there is room.
 */
export function splitPoint(last: GradeDraft | undefined): number | undefined {
  if (!last || typeof last.min !== 'number' || typeof last.max !== 'number') return undefined;
  if (last.max < ALARM_LATENCY_MAX_MS || last.min >= last.max - 1) return undefined;
  const at = last.min > 0 ? last.min * 2 : Math.floor(last.max / 2);
  return Math.min(at, last.max - 1);
}

/** Names of the default grades, translated for display (`pushAlarm.gradeNames.<name>`); others as typed. */
export const DEFAULT_GRADE_NAMES: readonly string[] = DEFAULT_ALARM_SETTINGS.grades.map((g) => g.name);

/**
 * Keep the ranges contiguous as they are typed: a maximum that changed (or rows added or removed,
 * which report every row) moves the next row's minimum to it. `changed` is the form's change
 * (only the changed rows are present); `set` writes a minimum.
 */
export function nextMinsFollowMax(
  changed: readonly GradeDraft[] | undefined,
  all: readonly GradeDraft[] | undefined,
  set: (index: number, min: number) => void,
): void {
  changed?.forEach((g, i) => {
    const next = all?.[i + 1];
    if (g && typeof g.max === 'number' && next && next.min !== g.max) set(i + 1, g.max);
  });
}
