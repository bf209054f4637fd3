import { get } from '../../../lib/http';
import type { DeviceGroup } from './types';

/** Read just before a delete's confirmation, for its device count. */
export const getGroup = (id: number) => get<DeviceGroup>(`/v1/groups/${id}`);
