import type { createModelBody, updateModelBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { DeviceType, Model as DeviceModel } from '@herald/contract';
export type ModelBody = Infer<typeof createModelBody>;
export type UpdateModelBody = Infer<typeof updateModelBody>;
