import type { ImportJob, ImportSecrets } from '@herald/contract';
import { download, get, post } from '../../../lib/http';
import type { ImportDevicesBody } from './types';

export const downloadImportTemplate = () => download('/v1/devices/import-template', {}, 'device-import-template.xlsx');

/** Starts the import; the job then reports progress and per-row errors. */
export const startImport = (body: ImportDevicesBody) => post<ImportJob>('/v1/devices/imports', body);

export const importJobQuery = (id: string | undefined) => ({
  queryKey: ['devices', 'imports', id] as const,
  queryFn: () => get<ImportJob>(`/v1/devices/imports/${id}`),
  enabled: !!id,
  refetchInterval: (q: { state: { data?: ImportJob } }) => (q.state.data?.status === 'running' ? 1000 : false),
});

/** Answered once: the server drops the secrets as it sends them. */
export const takeImportSecrets = (id: string) => post<ImportSecrets>(`/v1/devices/imports/${id}/secrets`, {});
