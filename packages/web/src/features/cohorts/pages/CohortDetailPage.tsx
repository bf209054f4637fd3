import { Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { cohortQuery, updateCohort } from '../api/cohorts-api';
import { DeleteCohortButton } from '../components/DeleteCohortButton';
import { COHORT_LIST, P } from '../components/paths';

/** A cohort and its members; one made from a filter may read the device list again. */
export function CohortDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  const id = Number(useParams().id ?? 0);
  const cohort = useQuery({ ...cohortQuery(id), staleTime: 0 });
  const c = cohort.data;
  if (!c) return <DetailFallback query={cohort} back={COHORT_LIST} />;
  const reread = async () => {
    await updateCohort(id, { source: 'filter', filter: c.filter as never });
    toastSuccess();
    await queryClient.invalidateQueries({ queryKey: ['ota-cohorts'] });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={c.name}
        data-testid="cohort-detail"
        extra={
          <Space>
            {c.source === 'filter' && can(`${P}.edit`) && (
              <Button onClick={() => void reread()} data-testid="cohort-reread">
                {t('cohort.actions.reread')}
              </Button>
            )}
            <DeleteCohortButton id={id} name={c.name} onDeleted={() => navigate(COHORT_LIST)} />
          </Space>
        }
      >
        <Descriptions column={2} size="small">
          <Descriptions.Item label={t('cohort.fields.source')}>
            <Tag>{t(`cohort.source.${c.source}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('cohort.fields.size')}>
            <span data-testid="cohort-size">{c.size}</span>
          </Descriptions.Item>
          {c.accountName && <Descriptions.Item label={t('cohort.fields.account')}>{c.accountName}</Descriptions.Item>}
          <Descriptions.Item label={t('cohort.fields.updatedAt')}>{formatDateTime(c.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('cohort.fields.remark')}>{c.remark ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('cohort.members')}>
        <Table
          rowKey="id"
          size="small"
          data-testid="cohort-members"
          dataSource={c.members}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { title: 'S/N', dataIndex: 'sn' },
            { title: t('cohort.fields.deviceName'), dataIndex: 'name', render: (v: string | null) => v ?? '-' },
            {
              title: t('cohort.fields.firmware'),
              dataIndex: 'firmwareVersion',
              render: (v: string | null) => v ?? '-',
            },
            {
              title: t('cohort.fields.online'),
              dataIndex: 'online',
              render: (v: boolean) => (v ? t('cohort.filter.onlineYes') : t('cohort.filter.onlineNo')),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
