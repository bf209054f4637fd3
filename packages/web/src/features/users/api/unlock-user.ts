import { post } from '../../../lib/http';

export const unlockUser = (id: number) => post<unknown>(`/v1/users/${id}/unlock`);
