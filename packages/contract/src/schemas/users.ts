import { z } from 'zod';
import { MAX_ID, jsonId, pageQuerySchema, textId } from '../envelope';
import { MESSAGE_LANGUAGES } from '../enums';
import {
  emailSchema,
  optionalText,
  passwordSchema,
  phoneSchema,
  requiredOrFormat,
  usernameSchema,
} from '../validation';

const gender = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.invalidOption' }).optional();
/** A calendar date YYYY-MM-DD that exists (no 2020-13-45); empty clears the field. */
const birthday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.format')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'validation.format')
  .optional()
  .or(z.literal(''));
const roleIdsSchema = z.array(jsonId).max(50);

const userFields = {
  username: usernameSchema,
  email: emailSchema,
  phone: phoneSchema.optional().or(z.literal('')),
  name: optionalText(64),
  nickname: optionalText(64),
  gender,
  birthday,
  dataPermission: z.enum(['all', 'self']).optional(),
  roleIds: roleIdsSchema.optional(),
};

export const createUserBody = z.object(userFields);
export const updateUserBody = z.object(userFields).omit({ username: true }).partial();
/** 1 disable, 2 enable (activation is the user's own step, through the mailed link). */
export const userStatusBody = z.object({
  status: z.union([z.literal(1), z.literal(2)], { error: 'validation.invalidOption' }),
});
export const assignRolesBody = z.object({ roleIds: roleIdsSchema });
export const changeAdminBody = z.object({
  userId: z
    .number({ error: requiredOrFormat })
    .int('validation.integer')
    .positive('validation.positiveInteger')
    .max(MAX_ID, 'validation.format'),
});

export const userListQuery = pageQuerySchema.extend({
  username: z.string().trim().max(64).optional(),
  email: z.string().trim().max(128).optional(),
  phone: z.string().trim().max(13).optional(),
  status: z.coerce.number().int().min(-1).max(2).optional(),
  locked: z.enum(['true', 'false']).optional(),
  roleId: textId().optional(),
  sortField: z.enum(['id', 'username', 'createdAt', 'lastLoginAt']).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});

export const userSchema = z.object({
  id: z.number().int(),
  side: z.enum(['op', 'ac']),
  accountId: z.number().int().nullable(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  gender: z.number().int(),
  birthday: z.string().nullable(),
  dataPermission: z.string(),
  status: z.number().int(),
  locked: z.boolean(),
  isSuperAdmin: z.boolean(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lastLoginIp: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

// personal centre
export const changePasswordBody = z
  .object({
    oldPassword: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(64),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired'),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export const changeEmailBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(64),
});
export const messageLanguageBody = z.object({
  messageLanguage: z.enum(MESSAGE_LANGUAGES, { error: 'validation.invalidOption' }),
});
export const updateProfileBody = z.object({
  name: optionalText(64),
  nickname: optionalText(64),
  phone: phoneSchema.optional().or(z.literal('')),
  gender,
  birthday,
});

/** Spec section 5: avatar at most 2 MB, PNG or JPG; the console sends it scaled to AVATAR_PX square. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_PX = 256;
/** A larger side is refused: every browser listing users would have to decode it. */
export const AVATAR_MAX_PX = 2048;
/** Characters of the data URL: base64 of 2 MB (4/3) with line breaks (76 per line) and the prefix. */
export const AVATAR_BODY_MAX = Math.ceil(((AVATAR_MAX_BYTES * 4) / 3) * (78 / 76)) + 1024;
/** PUT /v1/personal/avatar — a PNG or JPG data URL (the server checks the bytes). */
export const avatarBody = z.object({
  image: z
    .string({ error: 'error.modelImageFormat' })
    .min(1, 'error.modelImageFormat')
    // base64 of 2 MB plus the data-URL prefix and line breaks (the route's body limit is above this)
    .max(AVATAR_BODY_MAX, 'error.avatarTooLarge'),
});

/** The caller's own data as the personal centre shows and edits it. */
export const profileSchema = z.object({
  id: z.number().int(),
  side: z.enum(['op', 'ac']),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  gender: z.number().int(),
  birthday: z.string().nullable(),
  messageLanguage: z.string(),
  isSuperAdmin: z.boolean(),
  account: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lastLoginIp: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** `GET /v1/public/avatars/<key>` (null: none) */
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
