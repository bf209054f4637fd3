import { z } from 'zod';
import {
  createFirmwareBody,
  envelope,
  firmwareListItemSchema,
  firmwareListQuery,
  firmwareSchema,
  idParamSchema,
  packageOptionQuery,
  packageOptionSchema,
  pageOf,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as firmware from './service';

const tags = ['firmware'];
const perm = (action: string) => ({ access: { permission: `herald.res.firmware.${action}` } }) as const;

const firmwareRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/firmware',
    {
      config: perm('query'),
      schema: {
        tags,
        summary: "List firmware packages (an account sees the platform's and its own)",
        querystring: firmwareListQuery,
        response: { 200: envelope(pageOf(firmwareListItemSchema)) },
      },
    },
    async (req) => ok(await firmware.listFirmware(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/firmware/:id',
    {
      config: perm('query'),
      schema: {
        tags,
        summary: 'Firmware package detail',
        params: idParamSchema,
        response: { 200: envelope(firmwareSchema) },
      },
    },
    async (req) => ok(await firmware.getFirmware(deps, req.auth, req.params.id)),
  );
  app.post(
    '/v1/firmware',
    {
      config: perm('add'),
      schema: {
        tags,
        summary: 'Add a firmware package',
        body: createFirmwareBody,
        response: { 200: envelope(firmwareSchema) },
      },
    },
    async (req) => ok(await firmware.createFirmware(deps, req.auth, req.body)),
  );
  app.delete(
    '/v1/firmware/:id',
    {
      config: perm('delete'),
      schema: {
        tags,
        summary: 'Delete a firmware package no task uses',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await firmware.deleteFirmware(deps, req.auth, req.params.id).then(() => null)),
  );
  app.get(
    '/v1/common/firmwareListQuery',
    {
      config: { access: { permission: ['herald.res.firmware.query', 'herald.ota.task.add', 'herald.ota.task.edit'] } },
      schema: {
        tags,
        summary: 'Firmware options for upgrade task forms',
        querystring: packageOptionQuery,
        response: { 200: envelope(z.array(packageOptionSchema)) },
      },
    },
    async (req) => ok(await firmware.firmwareOptions(deps, req.auth, req.query)),
  );
};

export default firmwareRoutes;
