import { z } from 'zod';
import { passwordSchema } from '../validation';

const username = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.maxLength');
const rawPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(64, 'validation.passwordMax');

/** A required opaque string: missing or empty is 'Please input', too long 'Too long'. */
const secret = (max: number) =>
  z.string({ error: 'validation.required' }).min(1, 'validation.required').max(max, 'validation.maxLength');

/** POST /user/login — direct login for scripts. */
export const loginBody = z.object({ username, password: rawPassword });
export const loginResult = z.object({
  authInfo: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  modifyInitPwd: z.boolean(),
});

/** POST /oauth/authorize — the console's sign-in form; returns a one-time code bound to redirectUri. */
export const authorizeBody = z.object({
  username,
  password: rawPassword,
  redirectUri: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(2048, 'validation.maxLength'),
  state: z.string().max(256, 'validation.maxLength').optional(),
});
export const authorizeResult = z.object({ code: z.string(), redirectUri: z.string(), state: z.string().optional() });

/** POST /oauth/token/ — authorisation-code exchange or refresh-token grant. */
export const tokenBody = z.discriminatedUnion(
  'grant_type',
  [
    z.object({
      grant_type: z.literal('authorization_code'),
      code: secret(256),
      redirect_uri: secret(2048),
    }),
    z.object({
      grant_type: z.literal('refresh_token'),
      refresh_token: secret(256),
    }),
  ],
  { error: 'validation.invalidOption' },
);
export const tokenResult = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});

/** POST /oauth/refresh_token/ */
export const refreshBody = z.object({ refresh_token: secret(256) });

/** POST /users/active/user — no token; sets the password of a user being activated. */
export const activateBody = z
  .object({
    token: secret(256),
    password: passwordSchema,
    confirmPassword: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired'),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });

/** GET /users/active/info?token= — who is being activated (so the page can greet them). */
export const activationInfoQuery = z.object({ token: secret(256) });
export const activationInfoResult = z.object({
  username: z.string(),
  email: z.string(),
  purpose: z.enum(['activate', 'reset']),
});

export const currentUserResult = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string().nullable(),
    nickname: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    isSuperAdmin: z.boolean(),
    /** 'all' | 'self' ("own data only": the console offers no action on the whole account's data) */
    dataPermission: z.string(),
    messageLanguage: z.string(),
    lastLoginAt: z.string().nullable(),
    lastLoginIp: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  account: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string(), country: z.string() }).nullable(),
  /** role strings: the family (herald.op / herald.ac) first, then the role names */
  roles: z.array(z.string()),
  selectedRole: z.enum(['herald.op', 'herald.ac']),
  permission: z.array(z.string()),
  modifyInitPwd: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserResult>;

export const serverTimeResult = z.object({ serverDateTime: z.string(), timestamp: z.number() });
/** POST /v1/common/verifyPassword: the password in the body, never in a URL (logs, proxies, history). */
export const verifyPasswordBody = z.object({ password: rawPassword });
