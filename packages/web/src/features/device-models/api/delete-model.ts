import { del } from '../../../lib/http';

/** Refused while devices still use the model ('error.modelInUse'). */
export const deleteModel = (id: number) => del<unknown>(`/v1/models/${id}`);
