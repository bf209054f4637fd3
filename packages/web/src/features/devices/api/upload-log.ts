import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Asks the device to upload its log file; it appears in the detail page's log list. */
export const requestLogUpload = (id: number) => call(devicesApi.uploadLog, { params: { id } });
