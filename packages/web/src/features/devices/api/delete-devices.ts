import { post } from '../../../lib/http';

/** To the deleted list (status -1). */
export const deleteDevices = (ids: number[]) => post<unknown>('/v1/devices/delete', { ids });
