import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online (green), or the spec's 'device not online' when it is not. */
export function OnlineTag({ online, testId }: { online: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={online ? 'green' : 'default'} data-testid={testId} data-online={String(online)}>
      {online ? t('deviceMap.online') : t('error.deviceNotOnline')}
    </Tag>
  );
}
