import { ModalForm, ProFormDependency, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Device, QrBody } from '../api/types';
import { modalSubmitter } from '../../../lib/modal-submitter';

/** The QR code switch and its optional password (4–16 letters or digits; empty removes it). */
export function QrModal({
  device,
  onClose,
  onSubmit,
}: {
  device: Device | null;
  onClose: () => void;
  onSubmit: (body: QrBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <ModalForm<QrBody & { changePassword?: boolean }>
      title={t('device.actions.qr')}
      width={440}
      open={!!device}
      initialValues={{ enabled: device?.qrEnabled ?? false, changePassword: false, password: '' }}
      onOpenChange={(open) => !open && onClose()}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={modalSubmitter('qr-ok')}
      onFinish={async ({ enabled, changePassword, password }) => {
        try {
          await onSubmit(changePassword ? { enabled, password: password ?? '' } : { enabled });
        } catch {
          return false;
        }
        onClose();
        return true;
      }}
    >
      <ProFormSwitch
        name="enabled"
        label={t('device.fields.qrEnabled')}
        fieldProps={{ 'data-testid': 'qr-enabled' } as object}
      />
      <ProFormSwitch
        name="changePassword"
        label={t(device?.hasQrPassword ? 'device.qr.changePassword' : 'device.qr.setPassword')}
        fieldProps={{ 'data-testid': 'qr-change-password' } as object}
      />
      <ProFormDependency name={['changePassword']}>
        {({ changePassword }) =>
          changePassword && (
            <ProFormText.Password
              name="password"
              label={t('device.qr.password')}
              extra={t('device.qr.passwordHint')}
              rules={[
                { min: 4, max: 16, message: t('validation.qrPasswordLength') },
                { pattern: /^[A-Za-z0-9]*$/, message: t('validation.alphanumeric') },
              ]}
              fieldProps={{ autoComplete: 'new-password', 'data-testid': 'qr-password' } as object}
            />
          )
        }
      </ProFormDependency>
    </ModalForm>
  );
}
