import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createResourcePackage } from '../api/create-resource-package';
import { PACKAGE_LIST, packageDetail } from '../components/paths';
import { ResourcePackageForm } from '../components/ResourcePackageForm';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function ResourcePackageAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  return (
    <Card title={t('resourcePackage.actions.add')}>
      <ResourcePackageForm
        onCancel={() => navigate(PACKAGE_LIST)}
        onSave={async (body) => {
          const saved = await createResourcePackage(body);
          toastSuccess();
          // the task forms' package options
          await queryClient.invalidateQueries({ queryKey: ['common', 'resourceListQuery'] });
          leave(packageDetail(saved.id));
        }}
      />
    </Card>
  );
}
