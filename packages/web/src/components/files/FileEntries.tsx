import { Table } from 'antd';
import type { ArchiveEntry } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format-bytes';

/** An archive's listing (what the server found inside the uploaded package). */
export function FileEntries({
  entries,
  testId = 'file-entries',
}: {
  entries: readonly ArchiveEntry[];
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<ArchiveEntry>
      data-testid={testId}
      size="small"
      rowKey="path"
      dataSource={[...entries]}
      pagination={entries.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      locale={{ emptyText: t('files.noEntries') }}
      columns={[
        { title: t('files.fields.path'), dataIndex: 'path', ellipsis: true },
        { title: t('files.fields.size'), dataIndex: 'size', width: 120, render: (v: number) => formatBytes(v) },
      ]}
    />
  );
}
