import type { MutableRefObject } from 'react';
import { Space } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteLink } from '../DeleteLink';
import { accountOptionsQuery } from '../../lib/account-options';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { formatBytes } from './format-bytes';
import { OwnerTag } from './OwnerTag';

/** What the firmware and resource package lists have in common. */
type PackageRow = {
  id: number;
  name: string;
  size: number;
  accountId: number | null;
  accountName: string | null;
  taskCount: number;
  createdAt: string;
};

/**
 * The columns both package lists end with: size, owner (the platform or an account; operators
 * filter by it), tasks using it, creation time, and detail / delete. An account cannot delete the
 * platform's packages; nobody can delete one a task uses.
 */
export function usePackageTailColumns<T extends PackageRow>(o: {
  /** i18n prefix of the list's fields, e.g. 'firmware' */
  i18n: string;
  /** its permission code */
  P: string;
  detail: (id: number) => string;
  remove: (id: number) => Promise<unknown>;
  /** the package's name and version, for the delete confirmation */
  label: (r: T) => string;
  testIdPrefix: string;
  action: MutableRefObject<ActionType | undefined>;
}): ProColumns<T>[] {
  const { t } = useTranslation();
  const can = useCan();
  const { side } = useSession();
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const deletable = (r: T) => r.taskCount === 0 && (side === 'op' || r.accountId !== null);
  return [
    { title: t(`${o.i18n}.fields.size`), dataIndex: 'size', search: false, render: (_, r) => formatBytes(r.size) },
    {
      title: t(`${o.i18n}.fields.owner`),
      dataIndex: 'accountId',
      valueType: 'select',
      hideInSearch: side !== 'op',
      fieldProps: {
        options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
        showSearch: true,
        optionFilterProp: 'label',
      },
      render: (_, r) => <OwnerTag accountName={r.accountName} />,
    },
    { title: t(`${o.i18n}.fields.taskCount`), dataIndex: 'taskCount', search: false, width: 90 },
    {
      title: t(`${o.i18n}.fields.createdAt`),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, r) => formatDateTime(r.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          {can(`${o.P}.query`) && <Link to={o.detail(r.id)}>{t('common.detail')}</Link>}
          {can(`${o.P}.delete`) && deletable(r) && (
            <DeleteLink
              title={t(`${o.i18n}.confirm.delete`, { name: o.label(r) })}
              testId={`${o.testIdPrefix}-delete-${r.id}`}
              onDelete={() => o.remove(r.id)}
              onDeleted={() => void o.action.current?.reload()}
            />
          )}
        </Space>
      ),
    },
  ];
}
