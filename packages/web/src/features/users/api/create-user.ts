import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { createUserBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type CreateUserBody = Infer<typeof createUserBody>;

export const createUser = (body: CreateUserBody) => call(usersApi.create, { body });
