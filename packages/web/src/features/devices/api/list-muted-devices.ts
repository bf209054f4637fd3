import type { Device, Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

/** The silence list: devices muted now. */
export const listMutedDevices = (params: Params) => get<Page<Device>>('/v1/devices/muted', params);
