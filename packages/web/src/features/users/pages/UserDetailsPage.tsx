import { Button, Card, Descriptions, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { userQuery } from '../api/get-user';
import { DetailTitle } from '../../../components/DetailTitle';

export function UserDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useQuery({ ...userQuery(id), staleTime: 0 });
  const u = query.data;
  if (!u) return <DetailFallback query={query} back="/user/list" />;
  return (
    <Card
      title={<DetailTitle name={u.username} />}
      data-testid="user-details"
      extra={<Button onClick={() => navigate('/user/list')}>{t('common.back')}</Button>}
    >
      <Descriptions bordered column={2}>
        <Descriptions.Item label={t('user.fields.id')}>{u.id}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.username')}>{u.username}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.email')}>{u.email}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.phone')}>{u.phone || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.name')}>{u.name || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.nickname')}>{u.nickname || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.gender')}>{t(`user.gender.${u.gender}`)}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.birthday')}>{u.birthday || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.roles')}>
          {u.isSuperAdmin && <Tag color="gold">{t('user.superAdmin')}</Tag>}
          {u.roles.map((r) => (
            <Tag key={r.id}>{r.name}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('user.fields.dataPermission')}>
          {t(`user.dataPermission.${u.dataPermission === 'self' ? 'self' : 'all'}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('user.fields.status')}>{t(`user.status.${u.status}`)}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.locked')}>{t(`user.locked.${u.locked}`)}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.lastLoginAt')}>{formatDateTime(u.lastLoginAt)}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.lastLoginIp')}>{u.lastLoginIp || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.createdAt')}>{formatDateTime(u.createdAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
