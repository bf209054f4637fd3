import { authApi } from '@herald/contract';
import { call } from '../../lib/api-client';
import type { Infer } from '../../lib/infer';
import type {
  activationInfoResult,
  authorizeBody,
  authorizeResult,
  CurrentUser,
  changePasswordBody,
} from '@herald/contract';
import { get, post } from '../../lib/http';

export const currentUserQuery = {
  queryKey: ['currentUser'] as const,
  queryFn: () => get<CurrentUser>('/users/current'),
};

export const authorize = (body: Infer<typeof authorizeBody>) =>
  post<Infer<typeof authorizeResult>>('/oauth/authorize', body, { noToken: true });

export const changeOwnPassword = (body: Infer<typeof changePasswordBody>) =>
  post<unknown>('/users/current/password', body);

export const getActivationInfo = (token: string) =>
  get<Infer<typeof activationInfoResult>>('/users/active/info', { token }, { noToken: true, silent: true });

export const activateUser = (body: { token: string; password: string; confirmPassword: string }) =>
  post<unknown>('/users/active/user', body, { noToken: true });

/** The lock screen checks the login password; the answer is either a boolean or a success envelope. */
export async function verifyPassword(password: string): Promise<boolean> {
  const data = await call(authApi.verifyPassword, { body: { password } }, { silent: true });
  if (data === false) return false;
  if (data && typeof data === 'object' && 'valid' in data) return Boolean((data as { valid: unknown }).valid);
  return true;
}
