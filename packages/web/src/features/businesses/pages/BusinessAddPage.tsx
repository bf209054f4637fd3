import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createBusiness } from '../api/save-business';
import { BUSINESS_LIST, businessDetail } from '../components/business-codes';
import { BusinessForm } from '../components/BusinessForm';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function BusinessAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  return (
    <BusinessForm
      title={t('business.actions.add')}
      onCancel={() => navigate(BUSINESS_LIST)}
      onSave={async (body) => {
        const saved = await createBusiness(body);
        toastSuccess();
        await queryClient.invalidateQueries({ queryKey: ['common', 'businessListQuery'] });
        leave(businessDetail(saved.id));
      }}
    />
  );
}
