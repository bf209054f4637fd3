import type { changeAccountAdminBody } from '@herald/contract';
import { post } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export const changeAccountAdmin = (id: number, body: Infer<typeof changeAccountAdminBody>) =>
  post<unknown>(`/v1/accounts/${id}/change-admin`, body);
