import type { DeviceExportQuery, OpenJobAccepted, OpenJobView } from '@herald/contract';
import { download, get, post } from '../../../lib/http';

/** A printer's test page: a normal print job of its account. */
export const sendTestPage = (deviceId: number) => post<OpenJobAccepted>(`/v1/devices/${deviceId}/test-print`);

export const getDeviceJob = (deviceId: number, jobId: number) =>
  get<OpenJobView>(`/v1/devices/${deviceId}/jobs/${jobId}`);

/** The job polled every second until it ends (3, 4 or 5). */
export const deviceJobQuery = (deviceId: number, jobId: number) => ({
  queryKey: ['devices', deviceId, 'jobs', jobId] as const,
  queryFn: () => getDeviceJob(deviceId, jobId),
  refetchInterval: (q: { state: { data?: OpenJobView } }) => ((q.state.data?.status ?? 0) >= 3 ? false : 1000),
});

/** Jobs of the device not finished yet (0, 1, 2), oldest first. */
export const deviceQueueQuery = (deviceId: number) => ({
  queryKey: ['devices', deviceId, 'queue'] as const,
  queryFn: () => get<OpenJobView[]>(`/v1/devices/${deviceId}/jobs`),
  refetchInterval: 2000,
});

export const cancelQueuedJob = (deviceId: number, jobId: number) =>
  post<OpenJobView>(`/v1/devices/${deviceId}/jobs/${jobId}/cancel`);

/** The device list with its current filters as a file (the call needs the bearer header). */
export const exportDevices = (filters: Omit<DeviceExportQuery, 'format'>, format: 'csv' | 'xlsx') =>
  download(
    '/v1/devices/export',
    { ...filters, format } as Record<string, string | number | boolean | undefined>,
    `devices.${format}`,
  );
