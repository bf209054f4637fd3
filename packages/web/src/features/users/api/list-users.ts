import type { Page, User } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

export const listUsers = (params: Params) => get<Page<User>>('/v1/users', params);
