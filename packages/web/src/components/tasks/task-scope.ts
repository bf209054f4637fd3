import type { TaskScope } from '@herald/contract';
import { EFFECTIVE_TIME_MIN_LEAD_MS } from '@herald/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** The scope part of a task form (upgrade and push): S/Ns are typed or pasted one per line. */
export type ScopeValues = {
  /** 'cohort': upgrade tasks only */
  scope: TaskScope | 'cohort';
  cohortId?: number;
  deviceIds?: number[];
  groupIds?: number[];
  snText?: string;
};

/** One S/N per line; commas, semicolons and blanks also separate (pasted from a spreadsheet). Duplicates once. */
export function parseSnList(text: string | undefined): string[] {
  const out = new Set<string>();
  for (const part of (text ?? '').split(/[\s,;]+/)) {
    const sn = part.trim();
    if (sn) out.add(sn);
  }
  return [...out];
}

/** Only the chosen scope's list goes to the API, so group and S/N never travel together. */
export function scopeBody(v: ScopeValues) {
  return {
    scope: v.scope,
    deviceIds: v.scope === 'devices' ? (v.deviceIds ?? []) : undefined,
    groupIds: v.scope === 'group' ? (v.groupIds ?? []) : undefined,
    sns: v.scope === 'sn' ? parseSnList(v.snText) : undefined,
    cohortId: v.scope === 'cohort' ? v.cohortId : undefined,
  };
}

/** The spec's rule, checked here too so the form says it before the server does. */
export const effectiveTimeTooSoon = (v: Dayjs | null | undefined, now = Date.now()) =>
  !!v && v.valueOf() <= now + EFFECTIVE_TIME_MIN_LEAD_MS;

/** Absent means "start now". ProForm may hand the picker's value over as a formatted local string. */
export const effectiveTimeBody = (v: Dayjs | string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? undefined : dayjs(v).toISOString();
