import type { PrintParams } from '@herald/contract';
import { put } from '../../../lib/http';
import type { DeviceStateResult } from './types';

/** Stored, and sent to the device when it is online (then `commandId` names the command). */
export const updatePrintParams = (id: number, body: PrintParams) =>
  put<DeviceStateResult>(`/v1/devices/${id}/print-params`, body);
