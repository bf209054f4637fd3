import { devicesApi } from '@herald/contract';
import { downloadFrom } from '../../../lib/api-client';

export const downloadLog = (deviceId: number, logId: number, name?: string | null) =>
  downloadFrom(devicesApi.downloadLog, { id: deviceId, logId }, {}, name || `device-${deviceId}-log-${logId}.txt`);
