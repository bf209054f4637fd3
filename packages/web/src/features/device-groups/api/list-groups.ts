import type { Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';
import type { DeviceGroup } from './types';

export const listGroups = (params: Params) => get<Page<DeviceGroup>>('/v1/groups', params);
