import type { messageLanguageBody } from '@herald/contract';
import { post } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export const setMessageLanguage = (body: Infer<typeof messageLanguageBody>) =>
  post<unknown>('/v1/personal/message-language', body);
