import { rolesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const deleteRole = (id: number) => call(rolesApi.remove, { params: { id } });
