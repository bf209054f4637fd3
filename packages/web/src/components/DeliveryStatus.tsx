import { Badge } from 'antd';
import type { WebhookDelivery } from '@herald/contract';
import { useTranslation } from 'react-i18next';

const STATUS_BADGE = { pending: 'processing', succeeded: 'success', failed: 'error' } as const;

/** A webhook delivery's state (pending / succeeded / failed), wherever deliveries are listed. */
export function DeliveryStatus({ status }: { status: WebhookDelivery['status'] }) {
  const { t } = useTranslation();
  return <Badge status={STATUS_BADGE[status]} text={t(`accountApi.delivery.status.${status}`)} />;
}

/** The last attempt's answer: HTTP status and/or error, '-' before the first attempt. */
export const lastResultText = (d: Pick<WebhookDelivery, 'lastStatusCode' | 'lastError'>) =>
  [d.lastStatusCode, d.lastError].filter((x) => x !== null && x !== '').join(' · ') || '-';
