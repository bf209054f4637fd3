import { del } from '../../../lib/http';

/** The default group cannot be deleted (the server answers with the spec's message). */
export const deleteGroup = (id: number) => del<unknown>(`/v1/groups/${id}`);
