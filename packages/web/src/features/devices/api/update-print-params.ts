import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { PrintParams } from '@herald/contract';

/** Stored, and sent to the device when it is online (then `commandId` names the command). */
export const updatePrintParams = (id: number, body: PrintParams) =>
  call(devicesApi.updatePrintParams, { params: { id }, body });
