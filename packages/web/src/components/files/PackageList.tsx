import { useTranslation } from 'react-i18next';
import { DeleteLink } from '../DeleteLink';
import { RecordList, type RecordListProps } from '../RecordList';
import { dateColumn, useAccountFilter } from '../list-columns';
import { useCan } from '../../lib/can';
import { formatBytes } from './format-bytes';
import { OwnerTag } from './OwnerTag';
import { usePackageDeletable, type PackageRow } from './package-deletable';

/**
 * The firmware and resource package lists: id and name, the columns of the kind (`columns`), then
 * size, owner (the platform or an account; operators filter by it), tasks using it, creation time,
 * and detail / delete. Test ids: `<testId>-table`, `-add`, `-row-<name>`, `-delete-<id>`.
 */
export function PackageList<T extends PackageRow>(
  props: Omit<RecordListProps<T>, 'rowActions'> & {
    remove: (id: number) => Promise<unknown>;
    /** the package's name and version, for the delete confirmation */
    label: (r: T) => string;
  },
) {
  const { t } = useTranslation();
  const can = useCan();
  const accounts = useAccountFilter();
  const deletable = usePackageDeletable();
  const f = (field: string) => t(`${props.i18n}.fields.${field}`);

  return (
    <RecordList<T>
      {...props}
      columns={[
        ...props.columns,
        { title: f('size'), dataIndex: 'size', search: false, render: (_, r) => formatBytes(r.size) },
        {
          title: f('owner'),
          dataIndex: 'accountId',
          valueType: 'select',
          hideInSearch: !accounts.operator,
          fieldProps: accounts.fieldProps,
          render: (_, r) => <OwnerTag accountName={r.accountName} />,
        },
        { title: f('taskCount'), dataIndex: 'taskCount', search: false, width: 90 },
        dateColumn(f('createdAt'), 'createdAt', { newestFirst: true }),
      ]}
      rowActions={(r, reload) =>
        can(`${props.P}.delete`) &&
        deletable(r) && (
          <DeleteLink
            title={t(`${props.i18n}.confirm.delete`, { name: props.label(r) })}
            testId={`${props.testId}-delete-${r.id}`}
            onDelete={() => props.remove(r.id)}
            onDeleted={reload}
          />
        )
      }
    />
  );
}
