import type { Device, Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

export const listDevices = (params: Params) => get<Page<Device>>('/v1/devices', params);
