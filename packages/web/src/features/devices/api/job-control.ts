import { devicesApi } from '@herald/contract';
import { call, downloadFrom } from '../../../lib/api-client';
import type { DeviceExportQuery, OpenJobView } from '@herald/contract';

/** A printer's test page: a normal print job of its account. */
export const sendTestPage = (deviceId: number) => call(devicesApi.testPrint, { params: { id: deviceId } });

export const getDeviceJob = (deviceId: number, jobId: number) =>
  call(devicesApi.getJob, { params: { id: deviceId, jobId } });

/** The job polled every second until it ends (3, 4 or 5). */
export const deviceJobQuery = (deviceId: number, jobId: number) => ({
  queryKey: ['devices', deviceId, 'jobs', jobId] as const,
  queryFn: () => getDeviceJob(deviceId, jobId),
  refetchInterval: (q: { state: { data?: OpenJobView } }) => ((q.state.data?.status ?? 0) >= 3 ? false : 1000),
});

/** Jobs of the device not finished yet (0, 1, 2), oldest first. */
export const deviceQueueQuery = (deviceId: number) => ({
  queryKey: ['devices', deviceId, 'queue'] as const,
  queryFn: () => call(devicesApi.queue, { params: { id: deviceId } }),
  refetchInterval: 2000,
});

export const cancelQueuedJob = (deviceId: number, jobId: number) =>
  call(devicesApi.cancelJob, { params: { id: deviceId, jobId } });

/** The device list with its current filters as a file (the call needs the bearer header). */
export const exportDevices = (filters: Omit<DeviceExportQuery, 'format'>, format: 'csv' | 'xlsx') =>
  downloadFrom(
    devicesApi.export,
    undefined,
    { ...filters, format } as Record<string, string | number | boolean | undefined>,
    `devices.${format}`,
  );
