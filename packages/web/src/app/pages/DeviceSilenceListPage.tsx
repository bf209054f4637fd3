import type { ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { useSession } from '../../lib/session-context';
import { MutedDeviceTable, SILENCE_VIEW } from '../../features/devices';
import { AlarmSettingsForm, AlarmTable, WARN_QUERY } from '../../features/push-alarms';

/**
 * Device alarms (spec section 6): the muted devices (as anyone who may open the page has always
 * seen them), the push-delay alarms, and, on the account side, the alarm's settings. Two features
 * on one page, so the shell composes it: features never import each other.
 */
export function DeviceSilenceListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { side } = useSession();
  const tab = (key: string, testId: string, label: string, children: ReactNode) => ({
    key,
    label: <span data-testid={testId}>{label}</span>,
    children,
  });
  const items = [
    can(SILENCE_VIEW) && tab('muted', 'silence-tab-muted', t('pushAlarm.tabs.muted'), <MutedDeviceTable />),
    can(WARN_QUERY) && tab('alarms', 'silence-tab-alarms', t('pushAlarm.tabs.alarms'), <AlarmTable />),
    side === 'ac' &&
      can(WARN_QUERY) &&
      tab('settings', 'silence-tab-settings', t('pushAlarm.tabs.settings'), <AlarmSettingsForm />),
  ].filter((i) => i !== false);
  return (
    <Card styles={{ body: { paddingTop: 4 } }}>
      <Tabs items={items} />
    </Card>
  );
}
