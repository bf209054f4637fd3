import type { Page, WebhookDelivery, WebhookDeliveryDetail } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

export const listDeliveries = (params: Params) => get<Page<WebhookDelivery>>('/v1/webhooks/deliveries', params);

export const deliveryQuery = (id: number | undefined) => ({
  queryKey: ['webhook-deliveries', id] as const,
  queryFn: () => get<WebhookDeliveryDetail>(`/v1/webhooks/deliveries/${id}`),
  enabled: !!id,
  staleTime: 0,
});
