import { rolesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { roleBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type RoleBody = Infer<typeof roleBody>;

export const createRole = (body: RoleBody) => call(rolesApi.create, { body });
