import { put } from '../../../lib/http';

export const assignRoles = (id: number, roleIds: number[]) => put<unknown>(`/v1/users/${id}/roles`, { roleIds });
