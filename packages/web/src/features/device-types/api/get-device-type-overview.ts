import type { DeviceTypeOverview } from '@herald/contract';
import { get } from '../../../lib/http';

export const getDeviceTypeOverview = () => get<DeviceTypeOverview[]>('/v1/device-types/overview');
