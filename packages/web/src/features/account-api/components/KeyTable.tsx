import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { API_KEYS_MAX, type ApiKey } from '@herald/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmModal } from '../../../components/PasswordConfirmModal';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { maxLen, required } from '../../../lib/form-rules';
import { modalSubmitter } from '../../../lib/modal-submitter';
import {
  apiKeysQuery,
  createApiKey,
  endApiKeyOverlap,
  queryApiKeySecret,
  renameApiKey,
  revokeApiKey,
} from '../api/account-api';
import { CAN_EDIT, CAN_SECRET } from './codes';
import { RotateKeyModal } from './RotateKeyModal';
import type { ShownSecret } from './SecretModal';

/**
 * The account's named keys: add, rename, rotate with an overlap, stop the old secret early,
 * revoke, show a secret again. Test ids carry the key's name (`api-key-<action>-<name>`).
 */
export function KeyTable({ onSecret }: { onSecret: (secret: ShownSecret, fresh: boolean) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const { data: keys = [], isPending } = useQuery(apiKeysQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['account-api'] });
  const quietly = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch {
      // the HTTP client has shown the server's message
    }
  };

  const columns: ColumnsType<ApiKey> = [
    {
      title: t('accountApi.keys.name'),
      dataIndex: 'name',
      render: (_, k) => (
        <Space direction="vertical" size={2}>
          <Space size={4} wrap>
            <Typography.Text strong data-testid={`api-key-name-${k.name}`}>
              {k.name}
            </Typography.Text>
            {k.signsPushes && <Tag color="blue">{t('accountApi.keys.signsPushes')}</Tag>}
          </Space>
          <Typography.Text copyable code data-testid={`api-key-appkey-${k.name}`}>
            {k.appKey}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('accountApi.keys.secretState'),
      key: 'secret',
      render: (_, k) => (
        <Space direction="vertical" size={2}>
          <span>{t('accountApi.keys.rotatedAt', { at: formatDateTime(k.secretRotatedAt) })}</span>
          {k.previousExpiresAt && (
            <Tag color="orange" data-testid={`api-key-overlap-${k.name}`}>
              {t('accountApi.keys.oldUntil', { at: formatDateTime(k.previousExpiresAt) })}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('accountApi.keys.lastUsedAt'),
      dataIndex: 'lastUsedAt',
      render: (v: string | null, k) => (
        <Space direction="vertical" size={2}>
          <span data-testid={`api-key-last-used-${k.name}`}>{v ? formatDateTime(v) : t('accountApi.keys.never')}</span>
          <Typography.Text type="secondary">
            {t('accountApi.keys.created', { at: formatDateTime(k.createdAt) })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('common.operation'),
      key: 'actions',
      fixed: 'right',
      width: 340,
      render: (_, k) => (
        <Space wrap size={4}>
          {can(CAN_SECRET) && (
            <PasswordConfirmModal
              title={t('accountApi.secret.showTitle')}
              hint={t('accountApi.secret.passwordHint')}
              testId={`api-key-show-${k.name}`}
              trigger={
                <Button size="small" icon={<EyeOutlined />} data-testid={`api-key-show-${k.name}`}>
                  {t('accountApi.secret.show')}
                </Button>
              }
              onConfirm={async (password) => onSecret(await queryApiKeySecret(k.id, password), false)}
            />
          )}
          {can(CAN_SECRET) && (
            <RotateKeyModal
              apiKey={k}
              onRotated={async (secret) => {
                onSecret(secret, true);
                await refresh();
              }}
            />
          )}
          {can(CAN_SECRET) && k.previousExpiresAt && (
            <Popconfirm
              title={t('accountApi.keys.endOverlapConfirm')}
              okButtonProps={{ danger: true, 'data-testid': `api-key-end-overlap-ok-${k.name}` }}
              onConfirm={() =>
                quietly(async () => {
                  await endApiKeyOverlap(k.id);
                  toastSuccess();
                  await refresh();
                })
              }
            >
              <Button size="small" data-testid={`api-key-end-overlap-${k.name}`}>
                {t('accountApi.keys.endOverlap')}
              </Button>
            </Popconfirm>
          )}
          {can(CAN_EDIT) && (
            <ModalForm<{ name: string }>
              title={t('accountApi.keys.rename')}
              width={440}
              initialValues={{ name: k.name }}
              modalProps={{ destroyOnHidden: true }}
              submitter={modalSubmitter(`api-key-rename-ok-${k.name}`)}
              trigger={
                <Button size="small" data-testid={`api-key-rename-${k.name}`}>
                  {t('accountApi.keys.rename')}
                </Button>
              }
              onFinish={async ({ name }) => {
                try {
                  await renameApiKey(k.id, name.trim());
                } catch {
                  return false;
                }
                toastSuccess();
                await refresh();
                return true;
              }}
            >
              <ProFormText
                name="name"
                label={t('accountApi.keys.name')}
                rules={[required(), maxLen(64)]}
                fieldProps={{ 'data-testid': `api-key-rename-name-${k.name}` } as object}
              />
            </ModalForm>
          )}
          {can(CAN_SECRET) && (
            <Popconfirm
              title={t('accountApi.keys.revokeTitle', { name: k.name })}
              description={t('accountApi.keys.revokeConfirm')}
              okButtonProps={{ danger: true, 'data-testid': `api-key-revoke-ok-${k.name}` }}
              onConfirm={() =>
                quietly(async () => {
                  await revokeApiKey(k.id);
                  toastSuccess();
                  await refresh();
                })
              }
            >
              <Button size="small" danger data-testid={`api-key-revoke-${k.name}`}>
                {t('accountApi.keys.revoke')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="api-key-table">
      <Space style={{ marginBottom: 12 }} wrap>
        {can(CAN_SECRET) && (
          <ModalForm<{ name: string }>
            title={t('accountApi.keys.add')}
            width={440}
            modalProps={{ destroyOnHidden: true }}
            submitter={modalSubmitter('api-key-add-ok')}
            trigger={
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={keys.length >= API_KEYS_MAX}
                data-testid="api-key-add"
              >
                {t('accountApi.keys.add')}
              </Button>
            }
            onFinish={async ({ name }) => {
              try {
                onSecret(await createApiKey(name.trim()), true);
              } catch {
                return false;
              }
              await refresh();
              return true;
            }}
          >
            <ProFormText
              name="name"
              label={t('accountApi.keys.name')}
              placeholder={t('accountApi.keys.namePlaceholder')}
              rules={[required(), maxLen(64)]}
              fieldProps={{ 'data-testid': 'api-key-add-name' } as object}
            />
          </ModalForm>
        )}
        <Typography.Text type="secondary">
          {t('accountApi.keys.count', { count: keys.length, max: API_KEYS_MAX })}
        </Typography.Text>
      </Space>
      <Table<ApiKey>
        rowKey="id"
        size="small"
        loading={isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={keys}
        onRow={(k) => ({ 'data-testid': `api-key-row-${k.name}` }) as object}
      />
    </div>
  );
}
