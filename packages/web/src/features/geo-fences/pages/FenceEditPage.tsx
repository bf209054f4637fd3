import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { fenceQuery, updateFence } from '../api/geo-fences-api';
import { FENCE_LIST, fenceDetail } from '../components/codes';
import { FenceForm } from '../components/FenceForm';

export function FenceEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const query = useQuery({ ...fenceQuery(id), staleTime: 0 });
  const fence = query.data;
  if (!fence) return <DetailFallback query={query} back={FENCE_LIST} />;
  return (
    <FenceForm
      key={fence.id}
      fence={fence}
      title={t('geoFence.actions.edit')}
      onCancel={() => navigate(FENCE_LIST)}
      onSave={async (body) => {
        await updateFence(id, body);
        toastSuccess();
        await queryClient.invalidateQueries({ queryKey: ['geo-fences'] });
        navigate(fenceDetail(id));
      }}
    />
  );
}
