import {
  webhookDeliveryDetailSchema,
  webhookDeliveryListQuery,
  webhookDeliverySchema,
  webhookTestBody,
} from '../schemas/webhooks';
import { bigIdParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['webhooks'];
const QUERY = { side: 'ac', permission: 'herald.dev.api.query' } as const;
/** sending to the push addresses is an edit of the API settings' kind */
const SEND = { side: 'ac', permission: 'herald.dev.api.edit' } as const;

export const webhooksApi = {
  deliveries: route({
    method: 'GET',
    path: '/v1/webhooks/deliveries',
    query: webhookDeliveryListQuery,
    response: pageOf(webhookDeliverySchema),
    access: QUERY,
    summary: 'Webhook deliveries of the account (status pushes to its push addresses)',
    tags,
  }),
  getDelivery: route({
    method: 'GET',
    path: '/v1/webhooks/deliveries/:id',
    params: bigIdParamSchema,
    response: webhookDeliveryDetailSchema,
    access: QUERY,
    summary: 'A webhook delivery with its attempts',
    tags,
  }),
  test: route({
    method: 'POST',
    path: '/v1/webhooks/test',
    body: webhookTestBody,
    response: webhookDeliverySchema,
    access: SEND,
    summary: "Send a signed test event to the event's push address (listed with the deliveries)",
    tags,
  }),
  redeliver: route({
    method: 'POST',
    path: '/v1/webhooks/deliveries/:id/redeliver',
    params: bigIdParamSchema,
    response: webhookDeliverySchema,
    access: SEND,
    summary: 'Send a delivery again: a new delivery linked to it, to the push address as it is now',
    tags,
  }),
};
