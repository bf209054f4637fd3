import type { createOtaTaskBody, updateOtaTaskBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type {
  Execution,
  ExecutionCounts,
  ExecutionDetail,
  OtaPhasesView,
  OtaProgressView,
  OtaTask,
  OtaTaskListItem,
  PackageOption,
} from '@herald/contract';
export type CreateOtaTaskBody = Infer<typeof createOtaTaskBody>;
export type UpdateOtaTaskBody = Infer<typeof updateOtaTaskBody>;
