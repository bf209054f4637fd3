import type { ReactElement } from 'react';
import { Form } from 'antd';
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { maxLen, required } from '../../../lib/form-rules';
import { modalSubmitter } from '../../../lib/modal-submitter';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { delistSmartConfig } from '../api/smart-config';
import type { SmartConfigVersion } from '../api/types';

/** Delist a version: asks for the reason (kept with the version and shown in the list). */
export function DelistModal({
  version,
  trigger,
  onDone,
}: {
  version: SmartConfigVersion;
  trigger: ReactElement;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ModalForm<{ reason: string }>
      form={form}
      title={t('smartConfig.delistTitle', { version: version.versionName })}
      width={480}
      trigger={trigger}
      layout="vertical"
      modalProps={{ destroyOnHidden: true }}
      submitter={modalSubmitter('sc-delist-submit', { danger: true })}
      onFinish={async (v) => {
        try {
          await delistSmartConfig(version.id, v.reason.trim());
        } catch (err) {
          showServerFieldErrors(form, err);
          return false;
        }
        toastSuccess();
        onDone();
        return true;
      }}
    >
      <ProFormTextArea
        name="reason"
        label={t('smartConfig.fields.delistReason')}
        rules={[required(), maxLen(255)]}
        fieldProps={{ rows: 3, 'data-testid': 'sc-delist-reason' } as object}
      />
    </ModalForm>
  );
}
