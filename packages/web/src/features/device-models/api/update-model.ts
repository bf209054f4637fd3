import { modelsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { UpdateModelBody } from './types';

/** The image is sent only when it changes. */
export const updateModel = (id: number, body: UpdateModelBody) => call(modelsApi.update, { params: { id }, body });
