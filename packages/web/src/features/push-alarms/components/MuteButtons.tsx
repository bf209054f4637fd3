import { useState, type ReactNode } from 'react';
import { Button, InputNumber, Popconfirm, Space, Typography, type ButtonProps } from 'antd';
import { ALARM_MUTE_MAX_HOURS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { mutePushAlarms } from '../api/push-alarms-api';

type Props = {
  /** alarm row ids: their devices' alarms are muted or unmuted */
  ids: number[];
  title: ReactNode;
  label: ReactNode;
  testId: string;
  /** a row's link-style button rather than a toolbar button */
  link?: boolean;
  onDone: () => void;
};

/** A call that went through says so and reloads; a refusal was shown by the HTTP client. */
async function send(ids: number[], muted: boolean, hours: number | undefined, onDone: () => void) {
  try {
    await mutePushAlarms({ ids, muted, hours: hours ?? ALARM_MUTE_MAX_HOURS });
  } catch {
    return;
  }
  toastSuccess();
  onDone();
}

const trigger = ({ link, label, testId, ids }: Props) => (
  <Button
    type={link ? 'link' : 'default'}
    size={link ? 'small' : 'middle'}
    disabled={ids.length === 0}
    data-testid={testId}
  >
    {label}
  </Button>
);

/** Mute: choose for how many hours (1 to 24, 24 by default), then confirm. */
export function MuteButton(props: Props) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<number>(ALARM_MUTE_MAX_HOURS);
  return (
    <Popconfirm
      title={props.title}
      description={
        <Space direction="vertical" size={4}>
          <Space>
            {t('pushAlarm.confirm.hours')}
            <InputNumber
              min={1}
              max={ALARM_MUTE_MAX_HOURS}
              precision={0}
              value={hours}
              onChange={(v) => setHours(v ?? ALARM_MUTE_MAX_HOURS)}
              data-testid="alarm-mute-hours"
            />
          </Space>
          <Typography.Text type="secondary">{t('pushAlarm.confirm.muteHint')}</Typography.Text>
        </Space>
      }
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'alarm-mute-ok' } as ButtonProps}
      onOpenChange={(open) => open && setHours(ALARM_MUTE_MAX_HOURS)}
      onConfirm={() => send(props.ids, true, hours, props.onDone)}
    >
      {trigger(props)}
    </Popconfirm>
  );
}

/** Unmute after a confirmation. */
export function UnmuteButton(props: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={props.title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'alarm-unmute-ok' } as ButtonProps}
      onConfirm={() => send(props.ids, false, undefined, props.onDone)}
    >
      {trigger(props)}
    </Popconfirm>
  );
}
