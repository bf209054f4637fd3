import type { CreateOtaCohortBody, OtaCohortFilter, OtaCohortSource } from '@herald/contract';

export type CohortFormValues = {
  name: string;
  accountId?: number;
  remark?: string;
  source: OtaCohortSource;
  /** source 'filter': the device list's filters */
  groupId?: number;
  modelId?: number;
  online?: boolean;
  sn?: string;
  /** source 'file': the picked spreadsheet, read as a data URL */
  file?: { name: string; content: string };
  /** source 'manual' */
  snText?: string;
};

/** The form's values as the API takes them: only the chosen source's own field. */
export function toCohortBody(v: CohortFormValues, deviceIds: number[] = []): CreateOtaCohortBody {
  const filter: OtaCohortFilter = {
    groupId: v.groupId,
    modelId: v.modelId,
    online: v.online,
    sn: v.sn?.trim() || undefined,
  } as OtaCohortFilter;
  return {
    name: v.name.trim(),
    accountId: v.accountId,
    remark: v.remark?.trim() || undefined,
    source: v.source,
    filter: v.source === 'filter' ? filter : undefined,
    file: v.source === 'file' && v.file ? { fileName: v.file.name, content: v.file.content } : undefined,
    deviceIds: v.source === 'manual' ? deviceIds : undefined,
  } as CreateOtaCohortBody;
}
