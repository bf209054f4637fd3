import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeStatus } from '@herald/contract';

export function NoticeStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === NoticeStatus.PUBLISHED ? 'green' : 'default'} data-testid="notice-status">
      {t(`notice.status.${status}`)}
    </Tag>
  );
}
