import {
  deviceRegistrationSchema,
  envelope,
  idParamSchema,
  pageOf,
  registrationListQuery,
  updateDeviceBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as registrations from './registrations';

const tags = ['devices'];
/** The /device/device-apply menu: its own permission, independent of the physical device list. */
const APPLY = 'herald.device.list';
/** Whoever sees the menu may read it (the menu code itself); edits need its 'edit' action. */
const READ = { access: { permission: APPLY } } as const;
const EDIT = { access: { permission: `${APPLY}.edit` } } as const;

const registrationRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/device-registrations',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Device registrations: devices by application, manufacturer and activation',
        querystring: registrationListQuery,
        response: { 200: envelope(pageOf(deviceRegistrationSchema)) },
      },
    },
    async (req) => ok(await registrations.listRegistrations(deps, req.auth, req.query, req.locale)),
  );
  app.get(
    '/v1/device-registrations/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One device registration',
        params: idParamSchema,
        response: { 200: envelope(deviceRegistrationSchema) },
      },
    },
    async (req) => ok(await registrations.getRegistration(deps, req.auth, req.params.id, req.locale)),
  );
  app.put(
    '/v1/device-registrations/:id',
    {
      config: EDIT,
      schema: {
        tags,
        summary: 'Edit the name, contact phone and group of a registered device',
        params: idParamSchema,
        body: updateDeviceBody,
        response: { 200: envelope(deviceRegistrationSchema) },
      },
    },
    async (req) => ok(await registrations.updateRegistration(deps, req.auth, req.params.id, req.body, req.locale)),
  );
};

export default registrationRoutes;
