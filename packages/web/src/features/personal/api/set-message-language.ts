import { personalApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { messageLanguageBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export const setMessageLanguage = (body: Infer<typeof messageLanguageBody>) =>
  call(personalApi.messageLanguage, { body });
