import { del } from '../../../lib/http';

export const deleteApp = (id: number) => del<unknown>(`/v1/applications/${id}`);
