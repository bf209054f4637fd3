import { post } from '../../../lib/http';
import type { Firmware, FirmwareBody } from './types';

export const createFirmware = (body: FirmwareBody) => post<Firmware>('/v1/firmware', body);
