import { post } from '../../../lib/http';
import type { AppBody, AppCreated } from './types';

/** The answer carries the secret and sign key in full, this once. */
export const createApp = (body: AppBody) => post<AppCreated>('/v1/applications', body);
