import { del } from '../../../lib/http';

export const deleteUser = (id: number) => del<unknown>(`/v1/users/${id}`);
