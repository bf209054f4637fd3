import { z } from 'zod';
import { modelOptionSchema } from '../schemas/models';
import { groupOptionSchema } from '../schemas/groups';
import { lookupQuery } from '../schemas/fleet-fields';
import { appOptionSchema } from '../schemas/applications';
import { manufacturerOptionSchema } from '../schemas/manufacturers';
import { qrcodeQuery, qrcodeSchema } from '../schemas/devices';
import { APP_LOOKUP, DEVICE_QR_LOOKUP, GROUP_LOOKUP } from './lookup-access';
import { route } from './route';

const tags = ['common'];
/**
 * Lookups for forms and filters: any signed-in user, but operators need a screen's permission for
 * those that name accounts' data (lookup-access.ts); scoping is in the services.
 */
const SIGNED_IN = {} as const;

export const fleetCommonApi = {
  modelListQuery: route({
    method: 'GET',
    path: '/v1/common/modelListQuery',
    response: z.array(modelOptionSchema),
    access: SIGNED_IN,
    summary: 'Models to pick from (account users: enabled ones)',
    tags,
  }),
  groupListQuery: route({
    method: 'GET',
    path: '/v1/common/groupListQuery',
    query: lookupQuery,
    response: z.array(groupOptionSchema),
    access: GROUP_LOOKUP,
    summary: "Device groups of the caller's account (operators name the account)",
    tags,
  }),
  appListQuery: route({
    method: 'GET',
    path: '/v1/common/appListQuery',
    query: lookupQuery,
    response: z.array(appOptionSchema),
    access: APP_LOOKUP,
    summary: "Applications of the caller's account (operators name the account)",
    tags,
  }),
  manufacturerListQuery: route({
    method: 'GET',
    path: '/v1/common/manufacturerListQuery',
    response: z.array(manufacturerOptionSchema),
    access: SIGNED_IN,
    summary: 'Manufacturers to pick from',
    tags,
  }),
  getDeviceQrcodeUrl: route({
    method: 'GET',
    path: '/v1/common/getDeviceQrcodeUrl',
    query: qrcodeQuery,
    response: qrcodeSchema,
    access: DEVICE_QR_LOOKUP,
    summary: "The content of a device's QR code",
    tags,
  }),
};
