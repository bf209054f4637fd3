import type { AppSecret } from '@herald/contract';
import { post } from '../../../lib/http';

/** The secret again, after re-entering the login password. */
export const showAppSecret = (id: number, password: string) =>
  post<AppSecret>(`/v1/applications/${id}/secret`, { password });
