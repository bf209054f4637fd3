import { z } from 'zod';
import {
  appCreatedSchema,
  appListQuery,
  appSchema,
  appSecretSchema,
  createAppBody,
  envelope,
  idParamSchema,
  pageOf,
  passwordConfirmBody,
  updateAppBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as apps from './service';

const tags = ['applications'];
/** Reading: both sides (operators see every account's); changing: the owning account only. */
const read = { access: { permission: 'herald.app.query' } } as const;
const ac = (action: string) => ({ access: { side: 'ac', permission: `herald.app.${action}` } }) as const;

const applicationRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/applications',
    {
      config: read,
      schema: {
        tags,
        summary: 'List applications',
        querystring: appListQuery,
        response: { 200: envelope(pageOf(appSchema)) },
      },
    },
    async (req) => ok(await apps.listApps(deps, req.auth, req.query)),
  );
  app.post(
    '/v1/applications',
    {
      config: ac('add'),
      schema: {
        tags,
        summary: 'Create an application; the answer carries the secret and sign key',
        body: createAppBody,
        response: { 200: envelope(appCreatedSchema) },
      },
    },
    async (req) => ok(await apps.createApp(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/applications/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Application detail (no secret)',
        params: idParamSchema,
        response: { 200: envelope(appSchema) },
      },
    },
    async (req) => ok(await apps.getApp(deps, req.auth, req.params.id)),
  );
  app.put(
    '/v1/applications/:id',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Edit an application',
        params: idParamSchema,
        body: updateAppBody,
        response: { 200: envelope(appSchema) },
      },
    },
    async (req) => ok(await apps.updateApp(deps, req.auth, req.params.id, req.body)),
  );
  app.delete(
    '/v1/applications/:id',
    {
      config: ac('delete'),
      schema: {
        tags,
        summary: 'Delete an application no device uses',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await apps.deleteApp(deps, req.auth, req.params.id).then(() => null)),
  );
  app.post(
    '/v1/applications/:id/secret',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Show the credentials again after re-entering the login password',
        params: idParamSchema,
        body: passwordConfirmBody,
        response: { 200: envelope(appSecretSchema) },
      },
    },
    async (req) => ok(await apps.revealSecret(deps, req.auth, req.params.id, req.body.password)),
  );
};

export default applicationRoutes;
