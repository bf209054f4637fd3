import { Tag } from 'antd';
import type { ScStatus, ScUpdateType } from '@herald/contract';
import { useTranslation } from 'react-i18next';

export function StatusTag({ status }: { status: ScStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'listed' ? 'green' : 'default'}>{t(`smartConfig.status.${status}`)}</Tag>;
}

export function UpdateTypeTag({ updateType }: { updateType: ScUpdateType }) {
  const { t } = useTranslation();
  return <Tag color={updateType === 'forced' ? 'red' : 'blue'}>{t(`smartConfig.updateType.${updateType}`)}</Tag>;
}
