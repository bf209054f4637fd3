import { useState } from 'react';
import { Button, Card, Checkbox, Empty, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { assignRoles } from '../api/assign-roles';
import { userQuery } from '../api/get-user';
import { roleOptionsQuery } from '../api/list-role-options';

/** Assign roles to a user (route addRoles). */
export function UserAddRolesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const queryClient = useQueryClient();
  const user = useQuery({ ...userQuery(id), staleTime: 0 });
  const roles = useQuery(roleOptionsQuery());
  const [picked, setPicked] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);

  if (!user.data) return <DetailFallback query={user} back="/user/list" />;
  if (roles.isPending) return <Spin />;
  const value = picked ?? user.data.roles.map((r) => r.id);

  const save = async () => {
    setBusy(true);
    try {
      await assignRoles(id, value);
      toastSuccess();
      await queryClient.invalidateQueries({ queryKey: ['users', id] });
      navigate('/user/list');
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('user.actions.assignRole')} data-testid="user-add-roles">
      <Typography.Paragraph>{t('user.assignRolesFor', { name: user.data.username })}</Typography.Paragraph>
      {roles.data?.length ? (
        <Checkbox.Group
          value={value}
          onChange={(v) => setPicked(v as number[])}
          options={roles.data.map((r) => ({
            value: r.id,
            label: <span data-testid={`role-option-${r.name}`}>{r.name}</span>,
          }))}
        />
      ) : (
        <Empty description={t('user.noRoles')} />
      )}
      <Space style={{ marginTop: 24, display: 'flex' }}>
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid="user-roles-submit">
          {t('common.save')}
        </Button>
        <Button onClick={() => navigate('/user/list')}>{t('common.cancel')}</Button>
      </Space>
    </Card>
  );
}
