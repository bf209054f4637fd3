import { download } from '../../../lib/http';

export const downloadLog = (deviceId: number, logId: number, name?: string | null) =>
  download(`/v1/devices/${deviceId}/logs/${logId}`, {}, name || `device-${deviceId}-log-${logId}.txt`);
