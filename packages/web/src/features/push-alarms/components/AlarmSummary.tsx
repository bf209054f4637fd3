import { Alert, Form } from 'antd';
import type { AlarmSettingsBody } from '@herald/contract';
import { useTranslation } from 'react-i18next';

type Numbers = Pick<
  AlarmSettingsBody,
  'monitorMinutes' | 'consecutive' | 'thresholdMs' | 'notifyHours' | 'liftMuteHours'
>;

/** The settings in one sentence, as they are typed (`saved` until the form reports its values). */
export function AlarmSummary({ saved }: { saved: Numbers }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const watched = {
    monitorMinutes: Form.useWatch('monitorMinutes', form),
    consecutive: Form.useWatch('consecutive', form),
    thresholdMs: Form.useWatch('thresholdMs', form),
    notifyHours: Form.useWatch('notifyHours', form),
    liftMuteHours: Form.useWatch('liftMuteHours', form),
  };
  const shown = (k: keyof Numbers) => {
    const v: unknown = watched[k] === undefined ? saved[k] : watched[k];
    return typeof v === 'number' ? v : '?';
  };
  const lift = shown('liftMuteHours');
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={`${t('pushAlarm.settings.summary', {
        monitorMinutes: shown('monitorMinutes'),
        consecutive: shown('consecutive'),
        thresholdMs: shown('thresholdMs'),
        notifyHours: shown('notifyHours'),
      })}; ${lift === 0 ? t('pushAlarm.settings.liftNever') : t('pushAlarm.settings.liftSummary', { liftMuteHours: lift })}`}
      data-testid="alarm-settings-summary"
    />
  );
}
