import { modelsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { ModelBody } from './types';

export const createModel = (body: ModelBody) => call(modelsApi.create, { body });
