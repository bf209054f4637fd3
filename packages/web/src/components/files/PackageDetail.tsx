import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import type { ArchiveEntry } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteLink } from '../DeleteLink';
import { DetailTitle } from '../DetailTitle';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { FileEntries } from './FileEntries';
import { formatBytesExact } from './format-bytes';
import { OwnerTag } from './OwnerTag';
import { usePackageDeletable, type PackageRow } from './package-deletable';

type StoredPackage = PackageRow & { fileName: string; md5: string; remark: string | null; files: ArchiveEntry[] };

/**
 * A firmware or resource package's page: its name and version as the title, delete (when allowed)
 * and back; id and owner, the fields of its kind (`children`), then the stored file (name, size,
 * digests), tasks using it, when it was added, the remark, and the files inside it. `above` and
 * `below` go over and under the fields. Test ids: `<testId>-detail`, `-detail-delete`, `-detail-files`.
 */
export function PackageDetail(props: {
  pkg: StoredPackage;
  /** name and version, the title and the delete confirmation's */
  label: string;
  i18n: string;
  /** its permission code */
  P: string;
  testId: string;
  back: string;
  remove: (id: number) => Promise<unknown>;
  /** the second digest devices check (firmware: SHA-256; resource package: its digest) */
  digest: { label: string; value: string };
  above?: ReactNode;
  below?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const deletable = usePackageDeletable();
  const { pkg, i18n, testId } = props;
  const f = (field: string) => t(`${i18n}.fields.${field}`);
  return (
    <Card
      title={<DetailTitle name={props.label} />}
      data-testid={`${testId}-detail`}
      extra={
        <Space>
          {can(`${props.P}.delete`) && deletable(pkg) && (
            <DeleteLink
              title={t(`${i18n}.confirm.delete`, { name: props.label })}
              testId={`${testId}-detail-delete`}
              onDelete={() => props.remove(pkg.id)}
              onDeleted={() => navigate(props.back)}
            />
          )}
          <Button onClick={() => navigate(props.back)}>{t('common.back')}</Button>
        </Space>
      }
    >
      {props.above}
      <Descriptions bordered column={2}>
        <Descriptions.Item label={f('id')}>{pkg.id}</Descriptions.Item>
        <Descriptions.Item label={f('owner')}>
          <OwnerTag accountName={pkg.accountName} />
        </Descriptions.Item>
        {props.children}
        <Descriptions.Item label={t('files.fields.name')}>{pkg.fileName}</Descriptions.Item>
        <Descriptions.Item label={f('size')}>{formatBytesExact(pkg.size)}</Descriptions.Item>
        <Descriptions.Item label={t('files.fields.md5')} span={2}>
          <Typography.Text code copyable>
            {pkg.md5}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={props.digest.label} span={2}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {props.digest.value}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={f('taskCount')}>{pkg.taskCount}</Descriptions.Item>
        <Descriptions.Item label={f('createdAt')}>{formatDateTime(pkg.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={f('remark')} span={2}>
          {pkg.remark || '-'}
        </Descriptions.Item>
      </Descriptions>
      {props.below}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('files.listing')}
      </Typography.Title>
      <FileEntries entries={pkg.files} testId={`${testId}-detail-files`} />
    </Card>
  );
}
