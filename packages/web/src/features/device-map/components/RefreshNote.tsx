import { Typography } from 'antd';
import { LOCATION_REFRESH_MS } from '@herald/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** "Updated hh:mm:ss, refreshes every 15 s": the spec's "location syncs after 15 seconds", made visible. */
export function RefreshNote({ updatedAt, testId }: { updatedAt: number; testId: string }) {
  const { t } = useTranslation();
  if (!updatedAt) return null;
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {t('deviceMap.refreshNote', {
        time: dayjs(updatedAt).format('HH:mm:ss'),
        seconds: LOCATION_REFRESH_MS / 1000,
      })}
    </Typography.Text>
  );
}
