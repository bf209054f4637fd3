import type { Role, roleBody } from '@herald/contract';
import { post } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type RoleBody = Infer<typeof roleBody>;

export const createRole = (body: RoleBody) => post<Role>('/v1/roles', body);
