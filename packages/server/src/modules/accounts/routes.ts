import {
  accountListQuery,
  accountSchema,
  accountGeoServiceBody,
  accountQrBrandServiceBody,
  accountPushAlarmServiceBody,
  accountStatusBody,
  changeAccountAdminBody,
  createAccountBody,
  envelope,
  idParamSchema,
  pageOf,
  updateAccountBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as accounts from './service';

const tags = ['accounts'];
/** Accounts are managed on the operator side only. */
const op = (action: string) => ({ access: { side: 'op', permission: `herald.op.account.${action}` } }) as const;

const accountRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/accounts',
    {
      config: op('query'),
      schema: {
        tags,
        summary: 'List accounts',
        querystring: accountListQuery,
        response: { 200: envelope(pageOf(accountSchema)) },
      },
    },
    async (req) => ok(await accounts.listAccounts(deps, req.query)),
  );

  app.post(
    '/v1/accounts',
    {
      config: op('add'),
      schema: {
        tags,
        summary: 'Add an account and its super-administrator (mails the activation link)',
        body: createAccountBody,
        response: { 200: envelope(accountSchema) },
      },
    },
    async (req) => ok(await accounts.createAccount(deps, req.auth, req.body)),
  );

  app.get(
    '/v1/accounts/:id',
    {
      config: op('query'),
      schema: { tags, summary: 'Account detail', params: idParamSchema, response: { 200: envelope(accountSchema) } },
    },
    async (req) => ok(await accounts.getAccount(deps, req.params.id)),
  );

  app.put(
    '/v1/accounts/:id',
    {
      config: op('edit'),
      schema: {
        tags,
        summary: 'Edit an account',
        params: idParamSchema,
        body: updateAccountBody,
        response: { 200: envelope(accountSchema) },
      },
    },
    async (req) => ok(await accounts.updateAccount(deps, req.auth, req.params.id, req.body)),
  );

  app.post(
    '/v1/accounts/:id/geo-service',
    {
      config: op('edit'),
      schema: {
        tags,
        summary: 'Turn the geolocation value-added service on or off for an account',
        params: idParamSchema,
        body: accountGeoServiceBody,
        response: { 200: envelope(accountSchema) },
      },
    },
    async (req) => ok(await accounts.setService(deps, req.auth, req.params.id, 'geo', req.body.enabled)),
  );

  app.post(
    '/v1/accounts/:id/qr-brand-service',
    {
      config: op('edit'),
      schema: {
        tags,
        summary: 'Turn the custom device QR code value-added service on or off for an account',
        params: idParamSchema,
        body: accountQrBrandServiceBody,
        response: { 200: envelope(accountSchema) },
      },
    },
    async (req) => ok(await accounts.setService(deps, req.auth, req.params.id, 'qrBrand', req.body.enabled)),
  );

  app.post(
    '/v1/accounts/:id/push-alarm-service',
    {
      config: op('edit'),
      schema: {
        tags,
        summary: 'Turn the push-delay alarm value-added service on or off for an account',
        params: idParamSchema,
        body: accountPushAlarmServiceBody,
        response: { 200: envelope(accountSchema) },
      },
    },
    async (req) => ok(await accounts.setService(deps, req.auth, req.params.id, 'pushAlarm', req.body.enabled)),
  );

  app.post(
    '/v1/accounts/:id/status',
    {
      config: op('status'),
      schema: {
        tags,
        summary: 'Enable (1) or disable (0) an account; disabling signs out all its users at once',
        params: idParamSchema,
        body: accountStatusBody,
        response: { 200: envelope(accountSchema) },
      },
    },
    async (req) => ok(await accounts.setAccountStatus(deps, req.auth, req.params.id, req.body.status)),
  );

  app.post(
    '/v1/accounts/:id/change-admin',
    {
      config: op('changeAdmin'),
      schema: {
        tags,
        summary: 'Replace the account administrator (the old user is deleted)',
        params: idParamSchema,
        body: changeAccountAdminBody,
        response: { 200: envelope(accountSchema) },
      },
    },
    async (req) => ok(await accounts.changeAccountAdmin(deps, req.auth, req.params.id, req.body)),
  );

  app.post(
    '/v1/accounts/:id/unlock-admin',
    {
      config: op('unlockAdmin'),
      schema: {
        tags,
        summary:
          'Unlock the account administrator locked after too many wrong passwords (clears the lock and the failed count)',
        params: idParamSchema,
        response: { 200: envelope(accountSchema) },
      },
    },
    async (req) => ok(await accounts.unlockAccountAdmin(deps, req.auth, req.params.id)),
  );
};

export default accountRoutes;
