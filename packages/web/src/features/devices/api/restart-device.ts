import { post } from '../../../lib/http';
import type { CommandSent } from './types';

export const restartDevice = (id: number) => post<CommandSent>(`/v1/devices/${id}/restart`);
