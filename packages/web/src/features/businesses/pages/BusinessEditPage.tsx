import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { businessQuery } from '../api/get-business';
import { updateBusiness } from '../api/save-business';
import { BUSINESS_LIST, businessDetail } from '../components/business-codes';
import { BusinessForm } from '../components/BusinessForm';

export function BusinessEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const query = useQuery({ ...businessQuery(id), staleTime: 0 });
  const business = query.data;
  if (!business) return <DetailFallback query={query} back={BUSINESS_LIST} />;
  return (
    <BusinessForm
      key={business.id}
      business={business}
      title={t('business.actions.edit')}
      onCancel={() => navigate(businessDetail(id))}
      onSave={async (body) => {
        await updateBusiness(id, body);
        toastSuccess();
        await queryClient.invalidateQueries({ queryKey: ['businesses'] });
        await queryClient.invalidateQueries({ queryKey: ['common', 'businessListQuery'] });
        navigate(businessDetail(id));
      }}
    />
  );
}
