import type { Page, Role } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

export const listRoles = (params: Params) => get<Page<Role>>('/v1/roles', params);
