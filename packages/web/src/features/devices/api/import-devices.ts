import { devicesApi } from '@herald/contract';
import { call, downloadFrom } from '../../../lib/api-client';
import type { ImportJob } from '@herald/contract';
import type { ImportDevicesBody } from './types';

export const downloadImportTemplate = () =>
  downloadFrom(devicesApi.importTemplate, undefined, {}, 'device-import-template.xlsx');

/** Starts the import; the job then reports progress and per-row errors. */
export const startImport = (body: ImportDevicesBody) => call(devicesApi.startImport, { body });

export const importJobQuery = (id: string | undefined) => ({
  queryKey: ['devices', 'imports', id] as const,
  queryFn: () => call(devicesApi.getImport, { params: { id: id ?? '' } }),
  enabled: !!id,
  refetchInterval: (q: { state: { data?: ImportJob } }) => (q.state.data?.status === 'running' ? 1000 : false),
});

/** Answered once: the server drops the secrets as it sends them. */
export const takeImportSecrets = (id: string) => call(devicesApi.importSecrets, { params: { id } });
