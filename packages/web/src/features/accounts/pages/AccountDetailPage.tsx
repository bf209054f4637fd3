import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccountStatus } from '@herald/contract';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { countryName, formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { accountQuery } from '../api/get-account';
import { ChangeAdminModal } from '../components/ChangeAdminModal';
import { ServiceSwitch } from '../components/ServiceSwitch';
import { UnlockAdminButton } from '../components/UnlockAdminButton';
import { DetailTitle } from '../../../components/DetailTitle';

const P = 'herald.op.account';

export function AccountDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = useIdParam();
  const query = useQuery({ ...accountQuery(id), staleTime: 0 });
  const { data: a, refetch } = query;

  if (!a) return <DetailFallback query={query} back="/account/list" />;
  return (
    <Card
      title={<DetailTitle name={a.name} />}
      data-testid="account-detail"
      extra={
        <Space>
          {can(`${P}.unlockAdmin`) && a.adminLocked && <UnlockAdminButton account={a} onDone={() => void refetch()} />}
          {can(`${P}.changeAdmin`) && <ChangeAdminModal accountId={a.id} onDone={() => void refetch()} />}
          {can(`${P}.edit`) && (
            <Button type="primary" onClick={() => navigate(`/account/list/edit?id=${a.id}`)}>
              {t('common.edit')}
            </Button>
          )}
          <Button onClick={() => navigate('/account/list')}>{t('common.back')}</Button>
        </Space>
      }
    >
      <Descriptions bordered column={2}>
        <Descriptions.Item label={t('account.fields.id')}>{a.id}</Descriptions.Item>
        <Descriptions.Item label={t('account.fields.name')}>{a.name}</Descriptions.Item>
        <Descriptions.Item label={t('account.fields.status')}>
          <Tag color={a.status === AccountStatus.ENABLED ? 'green' : 'default'}>{t(`account.status.${a.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.country')}>
          {countryName(a.country, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.timeZone')}>{a.timeZone}</Descriptions.Item>
        <Descriptions.Item label={t('account.fields.industry')}>
          {t(`account.industry.${a.industry}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.subjectType')}>
          {t(`account.subjectType.${a.subjectType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.subjectName')}>{a.subjectName}</Descriptions.Item>
        <Descriptions.Item label={t('account.fields.adminUsername')}>
          <span data-testid="account-admin-username-value">{a.adminUsername ?? '-'}</span>
          {a.adminLocked && (
            <Tag color="red" style={{ marginInlineStart: 8 }} data-testid="account-admin-locked">
              {t('account.adminLocked')}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.adminEmail')}>
          <span data-testid="account-admin-email-value">{a.adminEmail ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.userCount')}>{a.userCount}</Descriptions.Item>
        <Descriptions.Item label={t('account.fields.createdAt')}>{formatDateTime(a.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('account.fields.geoService')}>
          <ServiceSwitch account={a} service="geo" canEdit={can(`${P}.edit`)} onDone={() => void refetch()} />
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.qrBrandService')}>
          <ServiceSwitch account={a} service="qrBrand" canEdit={can(`${P}.edit`)} onDone={() => void refetch()} />
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.pushAlarmService')}>
          <ServiceSwitch account={a} service="pushAlarm" canEdit={can(`${P}.edit`)} onDone={() => void refetch()} />
        </Descriptions.Item>
        <Descriptions.Item label={t('account.fields.remark')} span={2}>
          {a.remark || '-'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
