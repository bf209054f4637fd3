import type { createSmartConfigBody, updateSmartConfigBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { SmartConfigVersion } from '@herald/contract';
export type SmartConfigBody = Infer<typeof createSmartConfigBody>;
export type SmartConfigUpdateBody = Infer<typeof updateSmartConfigBody>;
