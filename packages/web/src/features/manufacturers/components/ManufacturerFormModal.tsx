import type { ReactElement } from 'react';
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { email, maxLen, noChinese, phone, required } from '../../../lib/form-rules';
import { createManufacturer, updateManufacturer } from '../api/manufacturers';
import type { Manufacturer, ManufacturerBody } from '../api/types';
import { modalSubmitter } from '../../../lib/modal-submitter';

export function ManufacturerFormModal({
  manufacturer: m,
  trigger,
  onDone,
}: {
  manufacturer?: Manufacturer;
  trigger: ReactElement;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalForm<ManufacturerBody>
      title={t(m ? 'manufacturer.actions.edit' : 'manufacturer.actions.add')}
      width={520}
      trigger={trigger}
      layout="horizontal"
      labelCol={{ span: 6 }}
      initialValues={
        m
          ? {
              name: m.name,
              code: m.code,
              contact: m.contact ?? '',
              phone: m.phone ?? '',
              email: m.email ?? '',
              remark: m.remark ?? '',
            }
          : undefined
      }
      modalProps={{ destroyOnHidden: true }}
      submitter={modalSubmitter('manufacturer-submit')}
      onFinish={async (v) => {
        try {
          if (m) await updateManufacturer(m.id, v);
          else await createManufacturer(v);
        } catch {
          return false;
        }
        toastSuccess();
        onDone();
        return true;
      }}
    >
      <ProFormText
        name="name"
        label={t('manufacturer.fields.name')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'manufacturer-name' } as object}
      />
      <ProFormText
        name="code"
        label={t('manufacturer.fields.code')}
        rules={[required(), noChinese(), maxLen(32)]}
        fieldProps={{ 'data-testid': 'manufacturer-code' } as object}
      />
      <ProFormText name="contact" label={t('manufacturer.fields.contact')} rules={[maxLen(64)]} />
      <ProFormText name="phone" label={t('manufacturer.fields.phone')} rules={[phone()]} />
      <ProFormText name="email" label={t('manufacturer.fields.email')} rules={[email(), maxLen(128)]} />
      <ProFormTextArea name="remark" label={t('manufacturer.fields.remark')} rules={[maxLen(255)]} />
    </ModalForm>
  );
}
