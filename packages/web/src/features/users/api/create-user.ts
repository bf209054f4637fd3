import type { createUserBody, User } from '@herald/contract';
import { post } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type CreateUserBody = Infer<typeof createUserBody>;

export const createUser = (body: CreateUserBody) => post<User>('/v1/users', body);
