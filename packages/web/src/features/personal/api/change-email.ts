import type { changeEmailBody } from '@herald/contract';
import { post } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export const changeEmail = (body: Infer<typeof changeEmailBody>) => post<unknown>('/v1/personal/email', body);
