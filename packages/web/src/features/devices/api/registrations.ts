import { deviceRegistrationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import type { Params } from '../../../lib/http';
import type { UpdateDeviceBody } from './types';

/**
 * The registrations page (/device/device-apply) has its own endpoints under 'herald.device.list':
 * a role may hold that menu without the physical device list ('herald.device.physical.list').
 */
export const listRegistrations = (params: Params) => call(deviceRegistrationsApi.list, { query: params });

export const getRegistration = (id: number) => call(deviceRegistrationsApi.get, { params: { id } });

export const registrationQuery = (id: number) => ({
  queryKey: ['device-registrations', id] as const,
  queryFn: () => getRegistration(id),
  enabled: id > 0,
});

export const updateRegistration = (id: number, body: UpdateDeviceBody) =>
  call(deviceRegistrationsApi.update, { params: { id }, body });
