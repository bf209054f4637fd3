import { firmwareApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { FirmwareBody } from './types';

export const createFirmware = (body: FirmwareBody) => call(firmwareApi.create, { body });
