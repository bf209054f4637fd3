import { post } from '../../../lib/http';

/** 1 enabled, 0 disabled; a disabled model blocks new devices of it, existing ones work on. */
export const setModelStatus = (id: number, status: 0 | 1) => post<unknown>(`/v1/models/${id}/status`, { status });
