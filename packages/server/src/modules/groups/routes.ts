import { z } from 'zod';
import {
  createGroupBody,
  envelope,
  groupListQuery,
  groupSchema,
  idParamSchema,
  pageOf,
  updateGroupBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as groups from './service';

const tags = ['groups'];
/** Device groups belong to accounts: account side only. */
const ac = (action: string) => ({ access: { side: 'ac', permission: `herald.device.group.${action}` } }) as const;

const groupRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/groups',
    {
      config: ac('query'),
      schema: {
        tags,
        summary: 'List device groups',
        querystring: groupListQuery,
        response: { 200: envelope(pageOf(groupSchema)) },
      },
    },
    async (req) => ok(await groups.listGroups(deps, req.auth, req.query, req.locale)),
  );
  app.post(
    '/v1/groups',
    {
      config: ac('add'),
      schema: {
        tags,
        summary: 'Create a device group',
        body: createGroupBody,
        response: { 200: envelope(groupSchema) },
      },
    },
    async (req) => ok(await groups.createGroup(deps, req.auth, req.body, req.locale)),
  );
  app.get(
    '/v1/groups/:id',
    {
      config: ac('query'),
      schema: { tags, summary: 'Device group detail', params: idParamSchema, response: { 200: envelope(groupSchema) } },
    },
    async (req) => ok(await groups.getGroup(deps, req.auth, req.params.id, req.locale)),
  );
  app.put(
    '/v1/groups/:id',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Edit a device group',
        params: idParamSchema,
        body: updateGroupBody,
        response: { 200: envelope(groupSchema) },
      },
    },
    async (req) => ok(await groups.updateGroup(deps, req.auth, req.params.id, req.body, req.locale)),
  );
  app.delete(
    '/v1/groups/:id',
    {
      config: ac('delete'),
      schema: {
        tags,
        summary: 'Delete a device group (not the default one); its devices move to the default group',
        params: idParamSchema,
        response: { 200: envelope(z.object({ movedDevices: z.number().int() })) },
      },
    },
    async (req) => ok(await groups.deleteGroup(deps, req.auth, req.params.id)),
  );
};

export default groupRoutes;
