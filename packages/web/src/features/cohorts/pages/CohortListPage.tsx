import { useRef } from 'react';
import { Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import type { OtaCohort } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '../../../components/ListTable';
import { accountOptionsQuery } from '../../../lib/account-options';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { listCohorts } from '../api/cohorts-api';
import { DeleteCohortButton } from '../components/DeleteCohortButton';
import { cohortAdd, cohortDetail, P } from '../components/paths';

/** Cohorts: named device sets an upgrade task takes as its scope or as a phase (a canary first). */
export function CohortListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const columns: ProColumns<OtaCohort>[] = [
    { title: t('cohort.fields.id'), dataIndex: 'id', search: false, width: 70 },
    {
      title: t('cohort.fields.name'),
      dataIndex: 'name',
      render: (_, r) => (
        <Link to={cohortDetail(r.id)} data-testid={`cohort-row-${r.name}`}>
          {r.name}
        </Link>
      ),
    },
    ...(side === 'op'
      ? [
          {
            title: t('cohort.fields.account'),
            dataIndex: 'accountId',
            valueType: 'select',
            fieldProps: {
              options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
              showSearch: true,
              optionFilterProp: 'label',
            },
            render: (_, r) => r.accountName ?? '-',
          } as ProColumns<OtaCohort>,
        ]
      : []),
    {
      title: t('cohort.fields.source'),
      dataIndex: 'source',
      search: false,
      render: (_, r) => <Tag>{t(`cohort.source.${r.source}`)}</Tag>,
    },
    { title: t('cohort.fields.size'), dataIndex: 'size', search: false },
    {
      title: t('cohort.fields.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          <Link to={cohortDetail(r.id)}>{t('common.detail')}</Link>
          <DeleteCohortButton id={r.id} name={r.name} link onDeleted={() => void action.current?.reload()} />
        </Space>
      ),
    },
  ];
  return (
    <ListTable<OtaCohort>
      testId="cohort"
      title={t('menu.cohort')}
      columns={columns}
      list={listCohorts}
      actionRef={action}
      onAdd={can(`${P}.add`) ? () => navigate(cohortAdd()) : undefined}
    />
  );
}
