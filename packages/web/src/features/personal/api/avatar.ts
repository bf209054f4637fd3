import { personalApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const setAvatar = (image: string) => call(personalApi.updateAvatar, { body: { image } });
export const removeAvatar = () => call(personalApi.removeAvatar);
