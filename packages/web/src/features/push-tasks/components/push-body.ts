import type { PushType } from '@herald/contract';
import type { Dayjs } from 'dayjs';
import { effectiveTimeBody, scopeBody, type ScopeValues } from '../../../components/tasks/task-scope';
import type { CreatePushTaskBody } from '../api/types';

export type PushTaskFormValues = ScopeValues & {
  name: string;
  accountId?: number;
  type: PushType;
  config?: Record<string, unknown>;
  message?: string;
  resourceId?: number;
  logoFileId?: number;
  effectiveTime?: Dayjs | string | null;
  ttlHours: number;
  remark?: string;
};

/** Only the print parameters that were set (a push changes those and leaves the rest). */
export function setParams(config: Record<string, unknown> | undefined) {
  return Object.fromEntries(Object.entries(config ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

export function toPushBody(v: PushTaskFormValues): CreatePushTaskBody {
  return {
    name: v.name.trim(),
    accountId: v.accountId,
    type: v.type,
    config: v.type === 'config' ? setParams(v.config) : undefined,
    message: v.type === 'message' ? v.message?.trim() : undefined,
    resourceId: v.type === 'resource' ? v.resourceId : undefined,
    logoFileId: v.type === 'logo' ? v.logoFileId : undefined,
    ...scopeBody(v),
    effectiveTime: effectiveTimeBody(v.effectiveTime),
    ttlHours: v.ttlHours,
    remark: v.remark?.trim() || undefined,
  } as CreatePushTaskBody;
}
