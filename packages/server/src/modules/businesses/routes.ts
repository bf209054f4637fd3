import { z } from 'zod';
import {
  businessListQuery,
  businessSchema,
  createBusinessBody,
  envelope,
  idParamSchema,
  pageOf,
  updateBusinessBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as businesses from './service';

const tags = ['businesses'];
/** Businesses belong to accounts: account side only. */
const ac = (action: string) => ({ access: { side: 'ac', permission: `herald.dev.business.${action}` } }) as const;

const businessRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/businesses',
    {
      config: ac('query'),
      schema: {
        tags,
        summary: 'List businesses',
        querystring: businessListQuery,
        response: { 200: envelope(pageOf(businessSchema)) },
      },
    },
    async (req) => ok(await businesses.listBusinesses(deps, req.auth, req.query)),
  );
  app.post(
    '/v1/businesses',
    {
      config: ac('add'),
      schema: {
        tags,
        summary: 'Create a business',
        body: createBusinessBody,
        response: { 200: envelope(businessSchema) },
      },
    },
    async (req) => ok(await businesses.createBusiness(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/businesses/:id',
    {
      config: ac('query'),
      schema: { tags, summary: 'Business detail', params: idParamSchema, response: { 200: envelope(businessSchema) } },
    },
    async (req) => ok(await businesses.getBusiness(deps, req.auth, req.params.id)),
  );
  app.put(
    '/v1/businesses/:id',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Edit a business',
        params: idParamSchema,
        body: updateBusinessBody,
        response: { 200: envelope(businessSchema) },
      },
    },
    async (req) => ok(await businesses.updateBusiness(deps, req.auth, req.params.id, req.body)),
  );
  app.delete(
    '/v1/businesses/:id',
    {
      config: ac('delete'),
      schema: { tags, summary: 'Delete a business', params: idParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (req) => ok(await businesses.deleteBusiness(deps, req.auth, req.params.id).then(() => null)),
  );
};

export default businessRoutes;
