import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createFence } from '../api/geo-fences-api';
import { FENCE_LIST, fenceDetail } from '../components/codes';
import { FenceForm } from '../components/FenceForm';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function FenceAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  return (
    <FenceForm
      title={t('geoFence.actions.add')}
      onCancel={() => navigate(FENCE_LIST)}
      onSave={async (body) => {
        const saved = await createFence(body);
        toastSuccess();
        await queryClient.invalidateQueries({ queryKey: ['geo-fences'] });
        leave(fenceDetail(saved.id));
      }}
    />
  );
}
