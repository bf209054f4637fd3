import {
  createSmartConfigBody,
  delistSmartConfigBody,
  envelope,
  idParamSchema,
  pageOf,
  smartConfigLatestQuery,
  smartConfigLatestSchema,
  smartConfigListQuery,
  smartConfigVersionSchema,
  updateSmartConfigBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { sendStoredFile } from '../files/send';
import * as sc from './service';

const tags = ['smart-config'];
/** SmartConfig releases are the platform's: operators only. */
const op = (action: string) => ({ access: { side: 'op', permission: `herald.res.scapp.${action}` } }) as const;
const PUBLIC = { access: { public: true } } as const;
const one = envelope(smartConfigVersionSchema);

const smartConfigRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/smart-config',
    {
      config: op('query'),
      schema: {
        tags,
        summary: 'List SmartConfig versions',
        querystring: smartConfigListQuery,
        response: { 200: envelope(pageOf(smartConfigVersionSchema)) },
      },
    },
    async (req) => ok(await sc.listVersions(deps, req.query)),
  );
  app.get(
    '/v1/smart-config/:id',
    {
      config: op('query'),
      schema: { tags, summary: 'SmartConfig version detail', params: idParamSchema, response: { 200: one } },
    },
    async (req) => ok(await sc.getVersion(deps, req.params.id)),
  );
  app.post(
    '/v1/smart-config',
    {
      config: op('add'),
      schema: { tags, summary: 'Add a SmartConfig version', body: createSmartConfigBody, response: { 200: one } },
    },
    async (req) => ok(await sc.createVersion(deps, req.auth, req.body)),
  );
  app.put(
    '/v1/smart-config/:id',
    {
      config: op('edit'),
      schema: {
        tags,
        summary: 'Edit update type and notes',
        params: idParamSchema,
        body: updateSmartConfigBody,
        response: { 200: one },
      },
    },
    async (req) => ok(await sc.updateVersion(deps, req.auth, req.params.id, req.body)),
  );
  app.post(
    '/v1/smart-config/:id/delist',
    {
      config: op('list'),
      schema: {
        tags,
        summary: 'Delist a version (with a reason)',
        params: idParamSchema,
        body: delistSmartConfigBody,
        response: { 200: one },
      },
    },
    async (req) => ok(await sc.delistVersion(deps, req.auth, req.params.id, req.body.reason)),
  );
  app.post(
    '/v1/smart-config/:id/list',
    {
      config: op('list'),
      schema: {
        tags,
        summary: 'List a delisted version again (only while no newer one is listed)',
        params: idParamSchema,
        response: { 200: one },
      },
    },
    async (req) => ok(await sc.relistVersion(deps, req.auth, req.params.id)),
  );

  app.get(
    '/public/smart-config/latest',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'The newest listed SmartConfig version, and whether the asking version must update',
        querystring: smartConfigLatestQuery,
        response: { 200: envelope(smartConfigLatestSchema) },
      },
    },
    async (req) => ok(await sc.latest(deps, req.query.current)),
  );
  app.get(
    '/public/smart-config/download',
    { config: PUBLIC, schema: { tags, summary: 'Download the newest listed SmartConfig apk (counted)' } },
    async (req, reply) =>
      sendStoredFile(deps, reply, await sc.downloadable(deps, undefined, req), req.headers.range, {
        attachment: true,
      }),
  );
  app.get(
    '/public/smart-config/:id/download',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Download one listed SmartConfig version (counted)',
        params: idParamSchema,
      },
    },
    async (req, reply) =>
      sendStoredFile(deps, reply, await sc.downloadable(deps, req.params.id, req), req.headers.range, {
        attachment: true,
      }),
  );
};

export default smartConfigRoutes;
