import type { createGroupBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { Group as DeviceGroup } from '@herald/contract';
export type GroupBody = Infer<typeof createGroupBody>;
