import { post } from '../../../lib/http';

/** Back from the deleted list. */
export const restoreDevices = (ids: number[]) => post<unknown>('/v1/devices/restore', { ids });
