import type { updateProfileBody } from '@herald/contract';
import { put } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type ProfileBody = Infer<typeof updateProfileBody>;

export const updateProfile = (body: ProfileBody) => put<unknown>('/v1/personal/profile', body);
