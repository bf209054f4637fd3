import { personalApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { updateProfileBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type ProfileBody = Infer<typeof updateProfileBody>;

export const updateProfile = (body: ProfileBody) => call(personalApi.updateProfile, { body });
