import { Button, Card, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { roleQuery } from '../api/get-role';
import { PermissionTree } from '../components/PermissionTree';
import { DetailTitle } from '../../../components/DetailTitle';

export function RoleDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useQuery({ ...roleQuery(id), staleTime: 0 });
  const role = query.data;
  if (!role) return <DetailFallback query={query} back="/user/role-list" />;
  return (
    <Card
      title={<DetailTitle name={role.name} />}
      data-testid="role-details"
      extra={<Button onClick={() => navigate('/user/role-list')}>{t('common.back')}</Button>}
    >
      <Descriptions bordered column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('role.fields.name')}>{role.name}</Descriptions.Item>
        <Descriptions.Item label={t('role.fields.userCount')}>{role.userCount}</Descriptions.Item>
        <Descriptions.Item label={t('role.fields.description')}>{role.description || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('role.fields.createdAt')}>{formatDateTime(role.createdAt)}</Descriptions.Item>
      </Descriptions>
      <PermissionTree value={role.permissions} disabled />
    </Card>
  );
}
