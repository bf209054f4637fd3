import { applicationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** The secret again, after re-entering the login password. */
export const showAppSecret = (id: number, password: string) =>
  call(applicationsApi.secret, { params: { id }, body: { password } });
