import type { ReactElement } from 'react';
import { Button, Form, Input, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { hasExtension, readAsText } from '../../../lib/files';
import { required } from '../../../lib/form-rules';
import { importCertificate } from '../api/certificates';
import type { Manufacturer } from '../api/types';
import { modalSubmitter } from '../../../lib/modal-submitter';

const PEM_EXTENSIONS = ['pem', 'crt', 'cer'];

/** An X.509 certificate in PEM, pasted or read from a file; it must match the manufacturer. */
export function CertificateImportModal({
  manufacturer,
  trigger,
  onDone,
}: {
  manufacturer: Manufacturer;
  trigger: ReactElement;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pem: string }>();
  return (
    <ModalForm<{ pem: string }>
      title={`${t('manufacturer.actions.importCert')} · ${manufacturer.name}`}
      width={600}
      form={form}
      trigger={trigger}
      modalProps={{ destroyOnHidden: true }}
      submitter={modalSubmitter('cert-submit')}
      onFinish={async ({ pem }) => {
        try {
          await importCertificate(manufacturer.id, pem.trim());
        } catch {
          return false;
        }
        toastSuccess();
        onDone();
        return true;
      }}
    >
      <div data-testid="cert-file" style={{ marginBottom: 12 }}>
        <Upload
          accept=".pem,.crt,.cer"
          showUploadList={false}
          beforeUpload={(file) => {
            if (!hasExtension(file.name, PEM_EXTENSIONS) || file.size > 20_000) toastError(t('error.fileFormat'));
            else void readAsText(file).then((pem) => form.setFieldValue('pem', pem));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('manufacturer.cert.pickFile')}</Button>
        </Upload>
      </div>
      <Form.Item name="pem" label={t('manufacturer.cert.pem')} rules={[required()]}>
        <Input.TextArea
          rows={10}
          placeholder="-----BEGIN CERTIFICATE-----"
          style={{ fontFamily: 'monospace', fontSize: 12 }}
          data-testid="cert-pem"
        />
      </Form.Item>
    </ModalForm>
  );
}
