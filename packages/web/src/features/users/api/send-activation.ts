import { post } from '../../../lib/http';

export const sendActivation = (id: number) => post<unknown>(`/v1/users/${id}/send-activation`);
