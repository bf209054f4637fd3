import { Button, Card, Form, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { WEBHOOK_EVENTS, type AccountApiDetail } from '@herald/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { maxLen } from '../../../lib/form-rules';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { modifyPushUrls } from '../api/account-api';
import { sendTestEvent } from '../api/webhook-deliveries';
import { CAN_EDIT } from './codes';

type PushUrls = { pushUrls: Record<(typeof WEBHOOK_EVENTS)[number], string> };

/** An http(s) URL or nothing (the server checks it again). */
const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/** Push (callback) address per event; an empty field stops the pushes of that event. */
export function PushUrlsCard({ detail }: { detail: AccountApiDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PushUrls>();
  const editable = can(CAN_EDIT);
  return (
    <Card title={t('accountApi.sections.push')} data-testid="api-push-urls">
      <Typography.Paragraph type="secondary">{t('accountApi.push.hint')}</Typography.Paragraph>
      <ProForm<PushUrls>
        form={form}
        layout="horizontal"
        labelCol={{ span: 7 }}
        wrapperCol={{ span: 16 }}
        disabled={!editable}
        initialValues={{ pushUrls: Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, detail.pushUrls[e] ?? ''])) }}
        submitter={
          editable
            ? {
                searchConfig: { submitText: t('common.save') },
                resetButtonProps: { style: { display: 'none' } },
                submitButtonProps: { 'data-testid': 'api-push-save' },
                render: (_, dom) => <div style={{ marginLeft: '29.2%' }}>{dom}</div>,
              }
            : false
        }
        onFinish={async (v) => {
          const pushUrls = Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, v.pushUrls[e]?.trim() || null]));
          try {
            await modifyPushUrls(pushUrls);
          } catch (err) {
            showServerFieldErrors(form, err);
            return false;
          }
          toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['account-api'] });
          return true;
        }}
      >
        {WEBHOOK_EVENTS.map((e) => (
          <ProFormText
            key={e}
            name={['pushUrls', e]}
            label={t(`accountApi.events.${e}`)}
            placeholder="https://example.com/herald/callback"
            rules={[
              maxLen(512),
              {
                validator: (_, v?: string) =>
                  !v?.trim() || isHttpUrl(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('accountApi.validation.url'))),
              },
            ]}
            fieldProps={{ 'data-testid': `api-push-${e}` } as object}
            addonAfter={
              // a signed example push to the saved address; it shows in the push log
              editable && detail.pushUrls[e] ? (
                <Button
                  type="link"
                  size="small"
                  icon={<SendOutlined />}
                  data-testid={`api-push-test-${e}`}
                  onClick={async () => {
                    try {
                      const d = await sendTestEvent(e);
                      toastSuccess(t('accountApi.push.testSent', { id: d.id }));
                      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });
                    } catch {
                      // the HTTP client has shown the server's message
                    }
                  }}
                >
                  {t('accountApi.push.test')}
                </Button>
              ) : undefined
            }
          />
        ))}
      </ProForm>
    </Card>
  );
}
