import { useState } from 'react';
import { Alert, Button, Checkbox, Divider, Drawer, Form, Select, Spin, Typography, type FormInstance } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_KINDS, MESSAGE_LANGUAGES, type AlertKind, type MessageLanguage } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { requiredSelect } from '../../../lib/form-rules';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { useSession } from '../../../lib/session-context';
import { messageKeys } from '../api/message-keys';
import {
  alertKindsQuery,
  configReceivers,
  noticeMsgConfigQuery,
  receiversQuery,
  setAlertKinds,
  setNoticeMsgLanguage,
} from '../api/message-settings';
import type { NoticeReceivers } from '../api/types';
import { AlertChannelSettings } from './AlertChannelSettings';

/** Account users' permissions that show and change the account's message settings. */
const VIEW_ACCOUNT = 'herald.admin.ac.user.query';
const EDIT_ACCOUNT = 'herald.admin.ac.user.edit';

/** A form's save: busy while it runs, "succeeded" when it did, the server's field errors otherwise. */
function useSave<T>(form: FormInstance<T>, save: (v: T) => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const run = async (v: T) => {
    setBusy(true);
    try {
      if (await savedOrFieldErrors(form, () => save(v))) toastSuccess();
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

const SaveButton = ({ busy, testId }: { busy: boolean; testId: string }) => {
  const { t } = useTranslation();
  return (
    <Button type="primary" htmlType="submit" loading={busy} data-testid={testId}>
      {t('common.save')}
    </Button>
  );
};

/** My message language (every user), and on the account side whether I receive the account's messages. */
function LanguageSettings() {
  const { t } = useTranslation();
  const { side, refetch } = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ messageLanguage: MessageLanguage }>();
  const config = useQuery(noticeMsgConfigQuery(true)).data;
  const [busy, save] = useSave(form, async ({ messageLanguage }) => {
    await setNoticeMsgLanguage(messageLanguage);
    // the personal centre shows the same setting
    await Promise.all([queryClient.invalidateQueries({ queryKey: messageKeys.config }), refetch()]);
  });
  if (!config) return <Spin />;
  return (
    <Form
      form={form}
      name="msg-language"
      layout="vertical"
      initialValues={{ messageLanguage: config.messageLanguage as MessageLanguage }}
      onFinish={save}
      data-testid="msg-settings-language"
    >
      <Form.Item
        name="messageLanguage"
        label={t('msg.settings.language')}
        extra={t('msg.settings.languageHint')}
        rules={[requiredSelect()]}
      >
        <Select
          options={MESSAGE_LANGUAGES.map((l) => ({ value: l, label: t(`personal.messageLanguages.${l}`) }))}
          data-testid="msg-settings-language-select"
        />
      </Form.Item>
      {side === 'ac' && (
        <Typography.Paragraph type="secondary" data-testid="msg-settings-receiver">
          {t(config.receiver ? 'msg.settings.youReceive' : 'msg.settings.youDoNotReceive')}
        </Typography.Paragraph>
      )}
      <SaveButton busy={busy} testId="msg-settings-language-save" />
    </Form>
  );
}

const userLabel = (u: NoticeReceivers['candidates'][number]) => (u.name ? `${u.name} (${u.username})` : u.username);

/** Who receives the account's messages (at least one; until chosen, its super administrators). */
function ReceiverSettings({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ userIds: number[] }>();
  const data = useQuery(receiversQuery(true)).data;
  const [busy, save] = useSave(form, async ({ userIds }) => {
    queryClient.setQueryData(messageKeys.receivers, await configReceivers(userIds));
    // whether I am one of them may have changed, and whose alert channels are shown
    await queryClient.invalidateQueries({ queryKey: messageKeys.config });
    await queryClient.invalidateQueries({ queryKey: messageKeys.alertChannels });
  });
  if (!data) return <Spin />;
  const users = new Map([...data.receivers, ...data.candidates].map((u) => [u.id, userLabel(u)]));
  return (
    <Form
      form={form}
      name="msg-receivers"
      layout="vertical"
      disabled={!editable}
      initialValues={{ userIds: data.receivers.map((u) => u.id) }}
      onFinish={save}
      data-testid="msg-settings-receivers"
    >
      {!data.configured && (
        <Alert
          type="info"
          showIcon
          message={t('msg.settings.receiversHint')}
          style={{ marginBottom: 12 }}
          data-testid="msg-settings-receivers-hint"
        />
      )}
      <Form.Item
        name="userIds"
        label={t('msg.settings.receivers')}
        rules={[{ required: true, message: t('validation.receiverRequired') }]}
      >
        <Select
          mode="multiple"
          optionFilterProp="label"
          options={[...users].map(([value, label]) => ({ value, label }))}
          data-testid="msg-settings-receivers-select"
        />
      </Form.Item>
      {editable && <SaveButton busy={busy} testId="msg-settings-receivers-save" />}
    </Form>
  );
}

/** Which device alerts raise messages for the account. */
function AlertKindSettings({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ alertKinds: AlertKind[] }>();
  const data = useQuery(alertKindsQuery(true)).data;
  const [busy, save] = useSave(form, async ({ alertKinds }) => {
    queryClient.setQueryData(messageKeys.alertKinds, await setAlertKinds({ alertKinds: alertKinds ?? [] }));
  });
  if (!data) return <Spin />;
  return (
    <Form
      form={form}
      name="msg-alerts"
      layout="vertical"
      disabled={!editable}
      initialValues={{ alertKinds: data.alertKinds }}
      onFinish={save}
      data-testid="msg-settings-alerts"
    >
      <Form.Item name="alertKinds" label={t('msg.settings.alertKinds')} extra={t('msg.settings.alertKindsHint')}>
        <Checkbox.Group
          options={ALERT_KINDS.map((k) => ({ value: k, label: t(`msg.alertKind.${k}`) }))}
          data-testid="msg-settings-alert-kinds"
        />
      </Form.Item>
      {editable && <SaveButton busy={busy} testId="msg-settings-alerts-save" />}
    </Form>
  );
}

/**
 * Message settings: everyone sets the language of their messages; account users who may see the
 * account's users also see (and with the edit permission, change) who receives the account's
 * messages and which device alerts raise them.
 */
export function MessageSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { side } = useSession();
  const account = side === 'ac' && can(VIEW_ACCOUNT);
  const editable = can(EDIT_ACCOUNT);
  return (
    <Drawer open={open} onClose={onClose} title={t('msg.settings.title')} width={520} destroyOnHidden>
      <div data-testid="msg-settings-drawer">
        <LanguageSettings />
        {account && (
          <>
            <Divider />
            <ReceiverSettings editable={editable} />
            <Divider />
            <AlertKindSettings editable={editable} />
            <Divider />
            <AlertChannelSettings editable={editable} />
          </>
        )}
      </div>
    </Drawer>
  );
}
