import { z } from 'zod';
import {
  createResourcePackageBody,
  envelope,
  idParamSchema,
  packageOptionQuery,
  packageOptionSchema,
  pageOf,
  resourcePackageListItemSchema,
  resourcePackageListQuery,
  resourcePackageSchema,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as resources from './service';

const tags = ['resource-packages'];
const perm = (action: string) => ({ access: { permission: `herald.res.respack.${action}` } }) as const;

const resourcePackageRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/resource-packages',
    {
      config: perm('query'),
      schema: {
        tags,
        summary: "List resource and language packages (an account sees the platform's and its own)",
        querystring: resourcePackageListQuery,
        response: { 200: envelope(pageOf(resourcePackageListItemSchema)) },
      },
    },
    async (req) => ok(await resources.listResources(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/resource-packages/:id',
    {
      config: perm('query'),
      schema: {
        tags,
        summary: 'Resource package detail (files, clips, missing clips)',
        params: idParamSchema,
        response: { 200: envelope(resourcePackageSchema) },
      },
    },
    async (req) => ok(await resources.getResource(deps, req.auth, req.params.id)),
  );
  app.post(
    '/v1/resource-packages',
    {
      config: perm('add'),
      schema: {
        tags,
        summary: 'Add a resource or language package',
        body: createResourcePackageBody,
        response: { 200: envelope(resourcePackageSchema) },
      },
    },
    async (req) => ok(await resources.createResource(deps, req.auth, req.body, req.log)),
  );
  app.delete(
    '/v1/resource-packages/:id',
    {
      config: perm('delete'),
      schema: {
        tags,
        summary: 'Delete a resource package no task uses',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await resources.deleteResource(deps, req.auth, req.params.id).then(() => null)),
  );
  app.get(
    '/v1/common/resourceListQuery',
    {
      config: {
        access: {
          permission: [
            'herald.res.respack.query',
            'herald.ota.task.add',
            'herald.ota.task.edit',
            'herald.push.task.add',
            'herald.push.task.edit',
          ],
        },
      },
      schema: {
        tags,
        summary: 'Resource package options for upgrade and push task forms',
        querystring: packageOptionQuery,
        response: { 200: envelope(z.array(packageOptionSchema)) },
      },
    },
    async (req) => ok(await resources.resourceOptions(deps, req.auth, req.query)),
  );
};

export default resourcePackageRoutes;
