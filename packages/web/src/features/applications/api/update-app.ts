import type { Application as App } from '@herald/contract';
import { put } from '../../../lib/http';
import type { UpdateAppBody } from './types';

export const updateApp = (id: number, body: UpdateAppBody) => put<App>(`/v1/applications/${id}`, body);
