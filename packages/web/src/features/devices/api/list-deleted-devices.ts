import type { Device, Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

/** Deleted devices (status -1). */
export const listDeletedDevices = (params: Params) => get<Page<Device>>('/v1/devices/deleted', params);
