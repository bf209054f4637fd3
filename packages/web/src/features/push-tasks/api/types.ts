import type { createPushTaskBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { PushResult, PushTask, PushTaskListItem } from '@herald/contract';
export type CreatePushTaskBody = Infer<typeof createPushTaskBody>;
