import { accountsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { changeAccountAdminBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export const changeAccountAdmin = (id: number, body: Infer<typeof changeAccountAdminBody>) =>
  call(accountsApi.changeAdmin, { params: { id }, body });
