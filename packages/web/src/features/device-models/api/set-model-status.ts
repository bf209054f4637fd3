import { modelsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** 1 enabled, 0 disabled; a disabled model blocks new devices of it, existing ones work on. */
export const setModelStatus = (id: number, status: 0 | 1) =>
  call(modelsApi.status, { params: { id }, body: { status } });
