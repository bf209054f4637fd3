import { put } from '../../../lib/http';
import type { DeviceGroup, GroupBody } from './types';

export const updateGroup = (id: number, body: GroupBody) => put<DeviceGroup>(`/v1/groups/${id}`, body);
