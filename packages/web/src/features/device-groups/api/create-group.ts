import { post } from '../../../lib/http';
import type { DeviceGroup, GroupBody } from './types';

export const createGroup = (body: GroupBody) => post<DeviceGroup>('/v1/groups', body);
