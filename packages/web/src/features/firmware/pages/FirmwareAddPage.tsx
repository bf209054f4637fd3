import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createFirmware } from '../api/create-firmware';
import { FirmwareForm } from '../components/FirmwareForm';
import { FIRMWARE_LIST, firmwareDetail } from '../components/paths';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function FirmwareAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  return (
    <Card title={t('firmware.actions.add')}>
      <FirmwareForm
        onCancel={() => navigate(FIRMWARE_LIST)}
        onSave={async (body) => {
          const saved = await createFirmware(body);
          toastSuccess();
          // the task forms' package options
          await queryClient.invalidateQueries({ queryKey: ['common', 'firmwareListQuery'] });
          leave(firmwareDetail(saved.id));
        }}
      />
    </Card>
  );
}
