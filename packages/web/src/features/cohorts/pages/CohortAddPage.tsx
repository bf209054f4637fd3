import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess, toastWarning } from '../../../lib/feedback';
import { createCohort } from '../api/cohorts-api';
import { toCohortBody } from '../components/cohort-body';
import { CohortForm } from '../components/CohortForm';
import { COHORT_LIST, cohortDetail } from '../components/paths';

/** A spreadsheet's S/Ns that are not the account's devices are named after the save. */
export function CohortAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card title={t('cohort.actions.add')}>
      <CohortForm
        onCancel={() => navigate(COHORT_LIST)}
        onSave={async (v) => {
          const c = await createCohort(toCohortBody(v, v.deviceIds));
          if (c.notFound?.length)
            toastWarning(t('cohort.notFound', { count: c.notFound.length, sns: c.notFound.slice(0, 5).join(', ') }));
          else toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['ota-cohorts'] });
          navigate(cohortDetail(c.id));
        }}
      />
    </Card>
  );
}
