import { z } from 'zod';
import {
  accountApiDetailSchema,
  apiKeySchema,
  apiKeySecretSchema,
  createApiKeyBody,
  idParamSchema,
  renameApiKeyBody,
  rotateApiKeyBody,
  accountApiSecretSchema,
  envelope,
  geoLocationSecretSchema,
  modifyAccountApiBody,
  modifyAddedServiceParamsBody,
  queryApiSecretBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as keys from './keys';
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

  // several named keys per account, rotated with an overlap (docs/open-api.md § 1)
  app.get(
    '/v1/account-api/keys',
    {
      config: ac('query'),
      schema: {
        tags,
        summary: "The account's open API keys, oldest first (never a secret)",
        response: { 200: envelope(z.array(apiKeySchema)) },
      },
    },
    async (req) => ok(await keys.listKeys(deps, req.auth)),
  );
  app.post(
    '/v1/account-api/keys',
    {
      config: ac('secret'),
      schema: {
        tags,
        summary: 'A new named key (at most 10); the answer is the only time its secret is shown unasked',
        body: createApiKeyBody,
        response: { 200: envelope(apiKeySecretSchema) },
      },
    },
    async (req) => ok(await keys.createKey(deps, req.auth, req.body)),
  );
  app.post(
    '/v1/account-api/keys/:id/name',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Rename a key',
        params: idParamSchema,
        body: renameApiKeyBody,
        response: { 200: envelope(apiKeySchema) },
      },
    },
    async (req) => ok(await keys.renameKey(deps, req.auth, req.params.id, req.body)),
  );
  app.post(
    '/v1/account-api/keys/:id/rotate',
    {
      config: ac('secret'),
      schema: {
        tags,
        summary: 'A new secret for the key; the old one keeps working for graceSeconds (0: stops at once)',
        params: idParamSchema,
        body: rotateApiKeyBody,
        response: { 200: envelope(apiKeySecretSchema) },
      },
    },
    async (req) => ok(await keys.rotateKey(deps, req.auth, req.params.id, req.body)),
  );
  app.post(
    '/v1/account-api/keys/:id/end-overlap',
    {
      config: ac('secret'),
      schema: {
        tags,
        summary: "Stop a rotated key's old secret now",
        params: idParamSchema,
        response: { 200: envelope(apiKeySchema) },
      },
    },
    async (req) => ok(await keys.endOverlap(deps, req.auth, req.params.id)),
  );
  app.delete(
    '/v1/account-api/keys/:id',
    {
      config: ac('secret'),
      schema: {
        tags,
        summary: 'Revoke a key: its secrets are refused on every server within a second',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await keys.revokeKey(deps, req.auth, req.params.id).then(() => null)),
  );
  app.post(
    '/v1/account-api/keys/:id/secret',
    {
      config: ac('secret'),
      schema: {
        tags,
        summary: "Show a key's secret (and its old one during an overlap) again; needs the login password",
        params: idParamSchema,
        body: queryApiSecretBody,
        response: { 200: envelope(apiKeySecretSchema) },
      },
    },
    async (req) => ok(await keys.querySecret(deps, req.auth, req.params.id, req.body.password)),
  );
};

export default accountApiRoutes;
