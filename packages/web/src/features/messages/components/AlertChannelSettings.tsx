import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_KINDS,
  BATTERY_LOW_PERCENT_MAX,
  BATTERY_LOW_PERCENT_MIN,
  OFFLINE_ALERT_MINUTES_MAX,
  OFFLINE_ALERT_MINUTES_MIN,
  type AlertChannels,
  type AlertKind,
} from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { alertChannelsQuery, setAlertChannels } from '../api/alert-channels';
import { messageKeys } from '../api/message-keys';

type Values = {
  receivers: { userId: number; inAppKinds: AlertKind[]; emailKinds: AlertKind[] }[];
  webhook: { url: string; kinds: AlertKind[] };
  batteryLowPercent: number;
  offlineAlertMinutes: number;
};

const valuesOf = (c: AlertChannels): Values => ({
  receivers: c.receivers.map(({ userId, inAppKinds, emailKinds }) => ({ userId, inAppKinds, emailKinds })),
  webhook: { url: c.webhook.url ?? '', kinds: c.webhook.kinds },
  batteryLowPercent: c.batteryLowPercent,
  offlineAlertMinutes: c.offlineAlertMinutes,
});

/**
 * How alerts reach people: for each recipient the kinds that come in the console and by e-mail,
 * an alert address receiving chosen kinds as a signed webhook, the battery threshold and how long
 * a device may be offline before it raises an alert. The
 * flapping rule is the operator's and is shown, not set.
 */
export function AlertChannelSettings({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const data = useQuery(alertChannelsQuery(true)).data;
  if (!data) return <Spin />;
  const kindOptions = ALERT_KINDS.map((k) => ({ value: k, label: t(`msg.alertKind.${k}`) }));
  const save = async (v: Values) => {
    setBusy(true);
    try {
      const saved = await savedOrFieldErrors(form, async () => {
        const next = await setAlertChannels({
          receivers: v.receivers.map((r) => ({
            userId: r.userId,
            inAppKinds: r.inAppKinds ?? [],
            emailKinds: r.emailKinds ?? [],
          })),
          webhook: { url: v.webhook.url || null, kinds: v.webhook.kinds ?? [] },
          batteryLowPercent: v.batteryLowPercent,
          offlineAlertMinutes: v.offlineAlertMinutes,
        });
        queryClient.setQueryData(messageKeys.alertChannels, next);
      });
      if (saved) toastSuccess();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      // the recipients may change (the receivers' form): their rows start again from what is saved
      key={data.receivers.map((r) => r.userId).join(',')}
      form={form}
      name="msg-alert-channels"
      layout="vertical"
      disabled={!editable}
      initialValues={valuesOf(data)}
      onFinish={save}
      data-testid="msg-settings-channels"
    >
      <Typography.Title level={5}>{t('msg.settings.channels')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('msg.settings.channelsHint')}</Typography.Paragraph>
      <Form.List name="receivers">
        {(fields) =>
          fields.map((field, i) => {
            const u = data.receivers[i]!;
            return (
              <div key={field.key} data-testid={`msg-channels-receiver-${u.username}`}>
                <Typography.Text strong>{u.name ? `${u.name} (${u.username})` : u.username}</Typography.Text>
                <Typography.Text type="secondary"> · {u.email}</Typography.Text>
                <Form.Item name={[field.name, 'userId']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[field.name, 'inAppKinds']} label={t('msg.settings.inApp')}>
                  <Select mode="multiple" options={kindOptions} data-testid={`msg-channels-inapp-${u.username}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'emailKinds']} label={t('msg.settings.email')}>
                  <Select mode="multiple" options={kindOptions} data-testid={`msg-channels-email-${u.username}`} />
                </Form.Item>
              </div>
            );
          })
        }
      </Form.List>
      <Form.Item name={['webhook', 'url']} label={t('msg.settings.webhookUrl')} extra={t('msg.settings.webhookHint')}>
        <Input placeholder="https://" allowClear data-testid="msg-channels-webhook-url" />
      </Form.Item>
      <Form.Item name={['webhook', 'kinds']} label={t('msg.settings.webhookKinds')}>
        <Select mode="multiple" options={kindOptions} data-testid="msg-channels-webhook-kinds" />
      </Form.Item>
      <Form.Item
        name="batteryLowPercent"
        label={t('msg.settings.batteryLowPercent')}
        extra={t('msg.settings.batteryLowPercentHint')}
      >
        <InputNumber
          min={BATTERY_LOW_PERCENT_MIN}
          max={BATTERY_LOW_PERCENT_MAX}
          precision={0}
          addonAfter="%"
          data-testid="msg-channels-battery"
        />
      </Form.Item>
      <Form.Item
        name="offlineAlertMinutes"
        label={t('msg.settings.offlineAlertMinutes')}
        extra={t('msg.settings.offlineAlertMinutesHint')}
      >
        <InputNumber
          min={OFFLINE_ALERT_MINUTES_MIN}
          max={OFFLINE_ALERT_MINUTES_MAX}
          precision={0}
          data-testid="msg-channels-offline-minutes"
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" data-testid="msg-channels-digest">
        {t('msg.settings.digestRule', {
          max: data.digest.max,
          minutes: Math.max(1, Math.round(data.digest.windowSeconds / 60)),
        })}
      </Typography.Paragraph>
      {editable && (
        <Button type="primary" htmlType="submit" loading={busy} data-testid="msg-settings-channels-save">
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}
