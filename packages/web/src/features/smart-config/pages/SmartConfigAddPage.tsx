import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createSmartConfig } from '../api/smart-config';
import { SC_LIST, scDetail } from '../components/paths';
import { SmartConfigForm } from '../components/SmartConfigForm';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function SmartConfigAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  return (
    <Card title={t('smartConfig.actions.add')}>
      <SmartConfigForm
        onCancel={() => navigate(SC_LIST)}
        onSave={async (v) => {
          const saved = await createSmartConfig({
            versionName: v.versionName,
            updateType: v.updateType,
            notes: v.notes,
            fileId: v.fileId,
            listed: v.listed ?? true,
          });
          toastSuccess();
          leave(scDetail(saved.id));
        }}
      />
    </Card>
  );
}
