import { post } from '../../../lib/http';
import type { UploadLogSent } from './types';

/** Asks the device to upload its log file; it appears in the detail page's log list. */
export const requestLogUpload = (id: number) => post<UploadLogSent>(`/v1/devices/${id}/logs`);
