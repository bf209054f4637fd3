import { deviceRegistrationSchema, registrationListQuery, updateDeviceBody } from '../schemas/devices';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['devices'];
/** The /device/device-apply menu: its own permission, independent of the physical device list. */
const APPLY = 'herald.device.list';
/** Whoever sees the menu may read it (the menu code itself); edits need its 'edit' action. */
const READ = { permission: APPLY } as const;
const EDIT = { permission: `${APPLY}.edit` } as const;

export const deviceRegistrationsApi = {
  list: route({
    method: 'GET',
    path: '/v1/device-registrations',
    query: registrationListQuery,
    response: pageOf(deviceRegistrationSchema),
    access: READ,
    summary: 'Device registrations: devices by application, manufacturer and activation',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/device-registrations/:id',
    params: idParamSchema,
    response: deviceRegistrationSchema,
    access: READ,
    summary: 'One device registration',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/device-registrations/:id',
    params: idParamSchema,
    body: updateDeviceBody,
    response: deviceRegistrationSchema,
    access: EDIT,
    summary: 'Edit the name, contact phone and group of a registered device',
    tags,
  }),
};
