import { useState } from 'react';
import { Button, Card, Col, Form, InputNumber, Row, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALARM_LATENCY_MAX_MS,
  DEFAULT_ALARM_SETTINGS,
  type AlarmSettings,
  type AlarmSettingsBody,
} from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { alarmSettingsQuery, saveAlarmSettings } from '../api/push-alarms-api';
import { AlarmSummary } from './AlarmSummary';
import { WARN_QUERY, WARN_SETTING } from './codes';
import { GradesEditor } from './GradesEditor';
import { nextMinsFollowMax } from './grades';

/** The number settings: form name, allowed range (the contract's). */
const NUMBERS = [
  ['monitorMinutes', 1, 60],
  ['consecutive', 1, 20],
  ['thresholdMs', 1, ALARM_LATENCY_MAX_MS],
  ['notifyHours', 1, 24],
  ['liftMuteHours', 0, 24],
] as const;

const bodyOf = ({
  monitorMinutes,
  consecutive,
  thresholdMs,
  notifyHours,
  liftMuteHours,
  grades,
}: AlarmSettingsBody) => ({
  monitorMinutes,
  consecutive,
  thresholdMs,
  notifyHours,
  liftMuteHours,
  grades: grades.map((g) => ({ ...g, name: g.name.trim() })),
});

/**
 * The account's push-delay alarm: when a device's pushes count as slow enough to alarm, how often
 * its messages come, and the latency grades the alarm list is coloured by.
 */
export function AlarmSettingsForm() {
  const can = useCan();
  const settings = useQuery({ ...alarmSettingsQuery(can(WARN_QUERY)), staleTime: 0 });
  if (!settings.data) return <Spin />;
  // saved elsewhere meanwhile (another admin, another tab): the form starts again from what is saved
  return (
    <SettingsForm key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} editable={can(WARN_SETTING)} />
  );
}

function SettingsForm({ settings, editable }: { settings: AlarmSettings; editable: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<AlarmSettingsBody>();
  const [busy, setBusy] = useState(false);
  const s = (k: string) => t(`pushAlarm.settings.${k}`);

  const save = async (values: AlarmSettingsBody) => {
    setBusy(true);
    try {
      const ok = await savedOrFieldErrors(form, async () => {
        const saved = await saveAlarmSettings(bodyOf(values));
        client.setQueryData(alarmSettingsQuery(true).queryKey, saved);
        form.setFieldsValue(bodyOf(saved));
      });
      if (ok) toastSuccess();
    } finally {
      setBusy(false);
    }
  };
  const restoreDefaults = () => {
    form.setFieldsValue(structuredClone(DEFAULT_ALARM_SETTINGS));
    form.validateFields().catch(() => undefined);
  };

  return (
    <Card data-testid="alarm-settings-form">
      <Form<AlarmSettingsBody>
        form={form}
        name="push-alarm-settings"
        layout="vertical"
        disabled={!editable}
        initialValues={bodyOf(settings)}
        onFinish={save}
        onValuesChange={(changed: Partial<AlarmSettingsBody>, all: AlarmSettingsBody) =>
          nextMinsFollowMax(changed.grades, all.grades, (i, min) => form.setFieldValue(['grades', i, 'min'], min))
        }
        style={{ maxWidth: 760 }}
      >
        <Typography.Paragraph type="secondary" data-testid="alarm-settings-saved">
          {settings.updatedAt
            ? t('pushAlarm.settings.savedAt', { at: formatDateTime(settings.updatedAt) })
            : s('defaultsInUse')}
        </Typography.Paragraph>
        <Row gutter={16}>
          {NUMBERS.map(([name, min, max]) => (
            <Col span={12} key={name}>
              <Form.Item
                name={name}
                label={s(name)}
                extra={t('pushAlarm.settings.range', { min, max })}
                rules={[
                  { required: true, message: t('validation.required') },
                  { type: 'integer', min, max, message: t('validation.format') },
                ]}
              >
                <InputNumber
                  min={min}
                  max={max}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid={`alarm-${name}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <AlarmSummary saved={settings} />
        <GradesEditor editable={editable} />
        {editable && (
          <Space style={{ marginTop: 24 }}>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="alarm-settings-save">
              {t('common.save')}
            </Button>
            <Button onClick={restoreDefaults} data-testid="alarm-settings-defaults">
              {s('restoreDefaults')}
            </Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}
