import type { Profile } from '@herald/contract';
import { del, put } from '../../../lib/http';

export const setAvatar = (image: string) => put<Profile>('/v1/personal/avatar', { image });
export const removeAvatar = () => del<Profile>('/v1/personal/avatar');
