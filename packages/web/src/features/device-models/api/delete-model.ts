import { modelsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Refused while devices still use the model ('error.modelInUse'). */
export const deleteModel = (id: number) => call(modelsApi.remove, { params: { id } });
