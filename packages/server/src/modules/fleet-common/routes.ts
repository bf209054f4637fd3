import { z } from 'zod';
import {
  appOptionSchema,
  envelope,
  groupOptionSchema,
  lookupQuery,
  manufacturerOptionSchema,
  modelOptionSchema,
  qrcodeQuery,
  qrcodeSchema,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { APP_LOOKUP, DEVICE_QR_LOOKUP, GROUP_LOOKUP } from '../common/lookup-access';
import { appOptions } from '../applications/service';
import { qrcodeOf } from '../devices/service';
import { groupOptions } from '../groups/service';
import { manufacturerOptions } from '../manufacturers/service';
import { modelOptions } from '../models/service';

const tags = ['common'];
/**
 * Lookups for forms and filters: any signed-in user, but operators need a screen's permission for
 * those that name accounts' data (lookup-access.ts); scoping is in the services.
 */
const SIGNED_IN = { access: {} } as const;

const fleetCommonRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/common/modelListQuery',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Models to pick from (account users: enabled ones)',
        response: { 200: envelope(z.array(modelOptionSchema)) },
      },
    },
    async (req) => ok(await modelOptions(deps, req.auth)),
  );
  app.get(
    '/v1/common/groupListQuery',
    {
      config: GROUP_LOOKUP,
      schema: {
        tags,
        summary: "Device groups of the caller's account (operators name the account)",
        querystring: lookupQuery,
        response: { 200: envelope(z.array(groupOptionSchema)) },
      },
    },
    async (req) => ok(await groupOptions(deps, req.auth, req.query.accountId, req.locale)),
  );
  app.get(
    '/v1/common/appListQuery',
    {
      config: APP_LOOKUP,
      schema: {
        tags,
        summary: "Applications of the caller's account (operators name the account)",
        querystring: lookupQuery,
        response: { 200: envelope(z.array(appOptionSchema)) },
      },
    },
    async (req) => ok(await appOptions(deps, req.auth, req.query.accountId)),
  );
  app.get(
    '/v1/common/manufacturerListQuery',
    {
      config: SIGNED_IN,
      schema: {
        tags,
        summary: 'Manufacturers to pick from',
        response: { 200: envelope(z.array(manufacturerOptionSchema)) },
      },
    },
    async () => ok(await manufacturerOptions(deps)),
  );
  app.get(
    '/v1/common/getDeviceQrcodeUrl',
    {
      config: DEVICE_QR_LOOKUP,
      schema: {
        tags,
        summary: "The content of a device's QR code",
        querystring: qrcodeQuery,
        response: { 200: envelope(qrcodeSchema) },
      },
    },
    async (req) => ok(await qrcodeOf(deps, req.auth, req.query.sn)),
  );
};

export default fleetCommonRoutes;
