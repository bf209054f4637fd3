import type { DeviceRegistration, Page } from '@herald/contract';
import { get, put, type Params } from '../../../lib/http';
import type { UpdateDeviceBody } from './types';

/**
 * The registrations page (/device/device-apply) has its own endpoints under 'herald.device.list':
 * a role may hold that menu without the physical device list ('herald.device.physical.list').
 */
export const REGISTRATIONS_URL = '/v1/device-registrations';

export const listRegistrations = (params: Params) => get<Page<DeviceRegistration>>(REGISTRATIONS_URL, params);

export const getRegistration = (id: number) => get<DeviceRegistration>(`${REGISTRATIONS_URL}/${id}`);

export const registrationQuery = (id: number) => ({
  queryKey: ['device-registrations', id] as const,
  queryFn: () => getRegistration(id),
  enabled: id > 0,
});

export const updateRegistration = (id: number, body: UpdateDeviceBody) =>
  put<DeviceRegistration>(`${REGISTRATIONS_URL}/${id}`, body);
