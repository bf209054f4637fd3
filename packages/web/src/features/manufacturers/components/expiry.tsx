import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { expiryState, type Expirable } from './expiry-class';

export { expiryRowClass } from './expiry-class';

const COLOURS = { revoked: 'default', expired: 'red', expiring: 'orange', valid: 'green' } as const;

export function ExpiryTag({ record }: { record: Expirable }) {
  const { t } = useTranslation();
  const state = expiryState(record);
  const text =
    state === 'expiring' ? t('manufacturer.expiresIn', { count: record.expiresInDays }) : t(`manufacturer.${state}`);
  return (
    <Tag color={COLOURS[state]} data-testid={`expiry-${state}`}>
      {text}
    </Tag>
  );
}
