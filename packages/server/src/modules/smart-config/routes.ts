import {
  envelope,
  idParamSchema,
  smartConfigLatestQuery,
  smartConfigLatestSchema,
  smartConfigApi as api,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { sendStoredFile } from '../files/send';
import * as sc from './service';

const tags = ['smart-config'];
const PUBLIC = { access: { public: true } } as const;

const smartConfigRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await sc.listVersions(deps, req.query)));
  register(app, api.get, async (req) => ok(await sc.getVersion(deps, req.params.id)));
  register(app, api.create, async (req) => ok(await sc.createVersion(deps, req.auth, req.body)));
  register(app, api.update, async (req) => ok(await sc.updateVersion(deps, req.auth, req.params.id, req.body)));
  register(app, api.delist, async (req) => ok(await sc.delistVersion(deps, req.auth, req.params.id, req.body.reason)));
  register(app, api.listPost, async (req) => ok(await sc.relistVersion(deps, req.auth, req.params.id)));

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
