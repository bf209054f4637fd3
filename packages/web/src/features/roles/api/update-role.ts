import { rolesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { updateRoleBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export const updateRole = (id: number, body: Infer<typeof updateRoleBody>) =>
  call(rolesApi.update, { params: { id }, body });
