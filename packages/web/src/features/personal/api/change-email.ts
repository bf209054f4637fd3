import { personalApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { changeEmailBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export const changeEmail = (body: Infer<typeof changeEmailBody>) => call(personalApi.email, { body });
