import { Button } from 'antd';
import { ModalForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import type { DeviceDetail, UpdateDeviceBody } from '../api/types';
import { updateDevice } from '../api/update-device';
import { DeviceInfoFields } from './DeviceInfoFields';
import { modalSubmitter } from '../../../lib/modal-submitter';

export function DeviceInfoModal({ device, onDone }: { device: DeviceDetail; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalForm<UpdateDeviceBody>
      title={t('device.actions.editInfo')}
      width={480}
      trigger={<Button data-testid="device-edit-info">{t('device.actions.editInfo')}</Button>}
      initialValues={{
        name: device.name ?? '',
        contactPhone: device.contactPhone ?? '',
        groupId: device.groupId ?? undefined,
      }}
      modalProps={{ destroyOnHidden: true }}
      submitter={modalSubmitter('device-info-ok')}
      onFinish={async (v) => {
        try {
          await updateDevice(device.id, { ...v, name: v.name ?? '', contactPhone: v.contactPhone ?? '' });
        } catch {
          return false;
        }
        toastSuccess();
        onDone();
        return true;
      }}
    >
      <DeviceInfoFields accountId={device.accountId} />
    </ModalForm>
  );
}
