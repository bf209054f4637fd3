import {
  envelope,
  bigIdParamSchema,
  pageOf,
  webhookDeliveryDetailSchema,
  webhookDeliveryListQuery,
  webhookDeliverySchema,
  webhookTestBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as webhooks from './service';

const tags = ['webhooks'];
const QUERY = { access: { side: 'ac', permission: 'herald.dev.api.query' } } as const;
/** sending to the push addresses is an edit of the API settings' kind */
const SEND = { access: { side: 'ac', permission: 'herald.dev.api.edit' } } as const;

const webhookRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/webhooks/deliveries',
    {
      config: QUERY,
      schema: {
        tags,
        summary: 'Webhook deliveries of the account (status pushes to its push addresses)',
        querystring: webhookDeliveryListQuery,
        response: { 200: envelope(pageOf(webhookDeliverySchema)) },
      },
    },
    async (req) => ok(await webhooks.listDeliveries(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/webhooks/deliveries/:id',
    {
      config: QUERY,
      schema: {
        tags,
        summary: 'A webhook delivery with its attempts',
        params: bigIdParamSchema,
        response: { 200: envelope(webhookDeliveryDetailSchema) },
      },
    },
    async (req) => ok(await webhooks.getDelivery(deps, req.auth, req.params.id)),
  );

  app.post(
    '/v1/webhooks/test',
    {
      config: SEND,
      schema: {
        tags,
        summary: "Send a signed test event to the event's push address (listed with the deliveries)",
        body: webhookTestBody,
        response: { 200: envelope(webhookDeliverySchema) },
      },
    },
    async (req) => ok(await webhooks.sendTest(deps, req.auth, req.body.event)),
  );
  app.post(
    '/v1/webhooks/deliveries/:id/redeliver',
    {
      config: SEND,
      schema: {
        tags,
        summary: 'Send a delivery again: a new delivery linked to it, to the push address as it is now',
        params: bigIdParamSchema,
        response: { 200: envelope(webhookDeliverySchema) },
      },
    },
    async (req) => ok(await webhooks.redeliver(deps, req.auth, req.params.id)),
  );
};

export default webhookRoutes;
