import type { createFirmwareBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { Firmware, FirmwareListItem } from '@herald/contract';
export type FirmwareBody = Infer<typeof createFirmwareBody>;
