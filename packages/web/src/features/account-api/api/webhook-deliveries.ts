import { webhooksApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { WebhookEvent } from '@herald/contract';
import { type Params } from '../../../lib/http';

export const listDeliveries = (params: Params) => call(webhooksApi.deliveries, { query: params });

export const deliveryQuery = (id: number | undefined) => ({
  queryKey: ['webhook-deliveries', id] as const,
  queryFn: () => call(webhooksApi.getDelivery, { params: { id } }),
  enabled: !!id,
  staleTime: 0,
});

/** A signed test event to the event's push address; it shows in the push log like any delivery. */
export const sendTestEvent = (event: WebhookEvent) => call(webhooksApi.test, { body: { event } });

/** A new delivery of the same body, linked to this one. */
export const redeliver = (id: number) => call(webhooksApi.redeliver, { params: { id } });
