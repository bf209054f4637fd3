import type { Dayjs } from 'dayjs';
import type { CreateOtaTaskBody } from '../api/types';
import { effectiveTimeBody, scopeBody, type ScopeValues } from '../../../components/tasks/task-scope';

export type OtaTaskFormValues = ScopeValues & {
  name: string;
  accountId?: number;
  type: 0 | 1;
  modelId?: number;
  packageId: number;
  fromVersion?: string;
  language?: string;
  effectiveTime?: Dayjs | string | null;
  retries: number;
  timeoutMinutes: number;
  pace: number;
  remark?: string;
  phases?: NonNullable<CreateOtaTaskBody['phases']>;
  abortCriteria?: NonNullable<CreateOtaTaskBody['abortCriteria']>;
  /** the offer window, HH:MM each (both or none) */
  offerFrom?: string;
  offerTo?: string;
};

/** The form's values as the API takes them (trimmed; the scope's own list only). */
export function toCreateBody(v: OtaTaskFormValues): CreateOtaTaskBody {
  return {
    name: v.name.trim(),
    accountId: v.accountId,
    type: v.type,
    packageId: v.packageId,
    fromVersion: v.fromVersion?.trim() || undefined,
    language: v.type === 1 ? (v.language as CreateOtaTaskBody['language']) : undefined,
    ...scopeBody(v),
    effectiveTime: effectiveTimeBody(v.effectiveTime),
    retries: v.retries,
    timeoutMinutes: v.timeoutMinutes,
    pace: v.pace,
    remark: v.remark?.trim() || undefined,
    phases: v.phases?.length
      ? v.phases.map((p) => ({
          ...p,
          approval: !!p.approval,
          // a cohort phase has no share
          ...(p.cohortId ? { percent: 0 } : { cohortId: undefined }),
        }))
      : undefined,
    abortCriteria: v.abortCriteria?.length ? v.abortCriteria : undefined,
    offerWindow:
      v.offerFrom?.trim() && v.offerTo?.trim() ? { from: v.offerFrom.trim(), to: v.offerTo.trim() } : undefined,
  } as CreateOtaTaskBody;
}
