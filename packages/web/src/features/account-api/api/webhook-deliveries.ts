import type { Page, WebhookDelivery, WebhookDeliveryDetail, WebhookEvent } from '@herald/contract';
import { get, post, type Params } from '../../../lib/http';

export const listDeliveries = (params: Params) => get<Page<WebhookDelivery>>('/v1/webhooks/deliveries', params);

export const deliveryQuery = (id: number | undefined) => ({
  queryKey: ['webhook-deliveries', id] as const,
  queryFn: () => get<WebhookDeliveryDetail>(`/v1/webhooks/deliveries/${id}`),
  enabled: !!id,
  staleTime: 0,
});

/** A signed test event to the event's push address; it shows in the push log like any delivery. */
export const sendTestEvent = (event: WebhookEvent) => post<WebhookDelivery>('/v1/webhooks/test', { event });

/** A new delivery of the same body, linked to this one. */
export const redeliver = (id: number) => post<WebhookDelivery>(`/v1/webhooks/deliveries/${id}/redeliver`);
