import { del } from '../../../lib/http';

export const deleteRole = (id: number) => del<unknown>(`/v1/roles/${id}`);
