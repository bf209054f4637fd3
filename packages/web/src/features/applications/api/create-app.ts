import { applicationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { AppBody } from './types';

/** The answer carries the secret and sign key in full, this once. */
export const createApp = (body: AppBody) => call(applicationsApi.create, { body });
