import { Card } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { smartConfigQuery, updateSmartConfig } from '../api/smart-config';
import { SC_LIST, scDetail } from '../components/paths';
import { SmartConfigForm } from '../components/SmartConfigForm';

/** Edit a version's update type and notes (`?id=`). */
export function SmartConfigEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const query = useQuery({ ...smartConfigQuery(id), staleTime: 0 });
  const version = query.data;
  if (!version) return <DetailFallback query={query} back={SC_LIST} />;
  return (
    <Card title={t('smartConfig.actions.edit')}>
      <SmartConfigForm
        version={version}
        onCancel={() => navigate(SC_LIST)}
        onSave={async (v) => {
          await updateSmartConfig(version.id, { updateType: v.updateType, notes: v.notes ?? '' });
          toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['smart-config', version.id] });
          navigate(scDetail(version.id));
        }}
      />
    </Card>
  );
}
