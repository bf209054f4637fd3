import {
  accountApiDetailSchema,
  accountApiSecretSchema,
  envelope,
  geoLocationSecretSchema,
  modifyAccountApiBody,
  modifyAddedServiceParamsBody,
  queryApiSecretBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as api from './service';

const tags = ['account-api'];
/** The account's own open API settings (spec paths). */
const ac = (action: 'query' | 'edit' | 'secret') =>
  ({ access: { side: 'ac', permission: `herald.dev.api.${action}` } }) as const;

const accountApiRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/account-api/detail',
    {
      config: ac('query'),
      schema: {
        tags,
        summary: 'App key, push addresses and value-added parameters (never the secret)',
        response: { 200: envelope(accountApiDetailSchema) },
      },
    },
    async (req) => ok(await api.detail(deps, req.auth)),
  );
  app.post(
    '/v1/account-api/modifyAccountApi',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Set or clear the push (webhook) addresses per event',
        body: modifyAccountApiBody,
        response: { 200: envelope(accountApiDetailSchema) },
      },
    },
    async (req) => ok(await api.modifyAccountApi(deps, req.auth, req.body)),
  );
  app.post(
    '/v1/account-api/genAccountApiSecret',
    {
      config: ac('secret'),
      schema: {
        tags,
        summary: 'Generate (rotate) the API secret; the answer is the only time it is shown unasked',
        response: { 200: envelope(accountApiSecretSchema) },
      },
    },
    async (req) => ok(await api.generateSecret(deps, req.auth)),
  );
  app.post(
    '/v1/account-api/queryApiSecret',
    {
      config: ac('secret'),
      schema: {
        tags,
        summary: 'Show the API secret again (needs the login password)',
        body: queryApiSecretBody,
        response: { 200: envelope(accountApiSecretSchema) },
      },
    },
    async (req) => ok(await api.querySecret(deps, req.auth, req.body.password)),
  );
  app.post(
    '/v1/account-api/modifyAddedServiceParams',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Replace the value-added service parameters',
        body: modifyAddedServiceParamsBody,
        response: { 200: envelope(accountApiDetailSchema) },
      },
    },
    async (req) => ok(await api.modifyAddedParams(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/account-api/queryGeoLocationApiSecret',
    {
      config: ac('secret'),
      schema: {
        tags,
        summary: 'Secret of the geolocation value-added service (when the platform enabled it)',
        response: { 200: envelope(geoLocationSecretSchema) },
      },
    },
    async (req) => ok(await api.geoSecret(deps, req.auth)),
  );
};

export default accountApiRoutes;
