import type { Role, updateRoleBody } from '@herald/contract';
import { put } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export const updateRole = (id: number, body: Infer<typeof updateRoleBody>) => put<Role>(`/v1/roles/${id}`, body);
