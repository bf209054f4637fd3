import { z } from 'zod';
import { avatarBody, changeEmailBody, messageLanguageBody, profileSchema, updateProfileBody } from '../schemas/users';
import { publicKeyParamSchema } from '../envelope';
import { route } from './route';

const tags = ['personal'];
/** Any signed-in user, on their own data. */
const SIGNED_IN = {} as const;

export const personalApi = {
  profile: route({
    method: 'GET',
    path: '/v1/personal/profile',
    response: profileSchema,
    access: SIGNED_IN,
    summary: 'Own account information',
    tags,
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/v1/personal/profile',
    body: updateProfileBody,
    response: profileSchema,
    access: SIGNED_IN,
    summary: 'Edit own name, nickname, phone, gender, birthday',
    tags,
  }),
  email: route({
    method: 'POST',
    path: '/v1/personal/email',
    body: changeEmailBody,
    response: z.null(),
    access: SIGNED_IN,
    summary: 'Change own email (password required)',
    tags,
  }),
  messageLanguage: route({
    method: 'POST',
    path: '/v1/personal/message-language',
    body: messageLanguageBody,
    response: z.null(),
    access: SIGNED_IN,
    summary: 'Language of in-app messages',
    tags,
  }),
  updateAvatar: route({
    method: 'PUT',
    path: '/v1/personal/avatar',
    body: avatarBody,
    response: profileSchema,
    access: SIGNED_IN,
    summary: 'Own avatar (PNG or JPG data URL, at most 2 MB)',
    tags,
  }),
  removeAvatar: route({
    method: 'DELETE',
    path: '/v1/personal/avatar',
    response: profileSchema,
    access: SIGNED_IN,
    summary: 'Remove own avatar',
    tags,
  }),
  /** Public: an <img> sends no token. The key is random and changes with each picture. */
  publicAvatar: route({
    method: 'GET',
    path: '/v1/public/avatars/:key',
    params: publicKeyParamSchema,
    response: 'file',
    access: { public: true },
    summary: "A user's avatar (public, immutable)",
    tags,
  }),
};
