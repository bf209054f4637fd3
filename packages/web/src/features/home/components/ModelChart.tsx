import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { modelStatQuery, type DashboardScope } from '../api/dashboard-stats';
import { modelSlices } from './figures';
import { DonutCard } from './DonutCard';

/** Devices per model, the largest first, the rest as "others". */
export function ModelChart({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(modelStatQuery(scope));
  return (
    <DonutCard
      id="chart-models"
      title={t('home.chart.models')}
      loading={isPending}
      slices={data ? modelSlices(data, t('home.chart.others')) : []}
    />
  );
}
