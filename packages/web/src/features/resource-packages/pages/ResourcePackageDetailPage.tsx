import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { DeleteLink } from '../../../components/DeleteLink';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { FileEntries, OwnerTag, formatBytesExact, useIdRouteParam } from '../../../components/files';
import { deleteResourcePackage } from '../api/delete-resource-package';
import { resourcePackageQuery } from '../api/get-resource-package';
import { P, PACKAGE_LIST } from '../components/paths';
import { useSpeakLanguages } from '../../../lib/use-speak-languages';
import { DetailTitle } from '../../../components/DetailTitle';

/** A resource package's fields and files; for a language pack its clips and the ones it lacks. */
export function ResourcePackageDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { side } = useSession();
  const id = useIdRouteParam();
  const languages = useSpeakLanguages();
  const query = useQuery({ ...resourcePackageQuery(id), staleTime: 0 });
  const pkg = query.data;
  if (!pkg) return <DetailFallback query={query} back={PACKAGE_LIST} />;
  const deletable = can(`${P}.delete`) && pkg.taskCount === 0 && (side === 'op' || pkg.accountId !== null);
  const isLanguage = pkg.kind === 'language';
  return (
    <Card
      title={<DetailTitle name={`${pkg.name} ${pkg.version}`} />}
      data-testid="package-detail"
      extra={
        <Space>
          {deletable && (
            <DeleteLink
              title={t('resourcePackage.confirm.delete', { name: `${pkg.name} ${pkg.version}` })}
              testId="package-detail-delete"
              onDelete={() => deleteResourcePackage(pkg.id)}
              onDeleted={() => navigate(PACKAGE_LIST)}
            />
          )}
          <Button onClick={() => navigate(PACKAGE_LIST)}>{t('common.back')}</Button>
        </Space>
      }
    >
      {isLanguage && pkg.missingClips.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="package-missing-clips"
          message={t('resourcePackage.missingClips', { count: pkg.missingClips.length })}
          description={pkg.missingClips.join(', ')}
        />
      )}
      <Descriptions bordered column={2}>
        <Descriptions.Item label={t('resourcePackage.fields.id')}>{pkg.id}</Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.owner')}>
          <OwnerTag accountName={pkg.accountName} />
        </Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.name')}>{pkg.name}</Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.kind')}>
          <Tag>{t(`resourcePackage.kind.${pkg.kind}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.language')}>
          <span data-testid="package-detail-language">{languages.labelOf(pkg.language)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.version')}>
          <span data-testid="package-detail-version">{pkg.version}</span>
        </Descriptions.Item>
        {isLanguage && (
          <Descriptions.Item label={t('resourcePackage.fields.clipCount')}>
            <span data-testid="package-detail-clips">{pkg.clips.length}</span>
          </Descriptions.Item>
        )}
        {isLanguage && (
          <Descriptions.Item label={t('resourcePackage.fields.missingClips')}>
            <span data-testid="package-detail-missing">{pkg.missingClips.length}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('resourcePackage.fields.fileCount')}>{pkg.fileCount}</Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.size')}>{formatBytesExact(pkg.size)}</Descriptions.Item>
        <Descriptions.Item label={t('files.fields.name')}>{pkg.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.taskCount')}>{pkg.taskCount}</Descriptions.Item>
        <Descriptions.Item label={t('files.fields.md5')} span={2}>
          <Typography.Text code copyable>
            {pkg.md5}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.digest')} span={2}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {pkg.digest}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.createdAt')}>
          {formatDateTime(pkg.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('resourcePackage.fields.remark')}>{pkg.remark || '-'}</Descriptions.Item>
      </Descriptions>
      {isLanguage && pkg.clips.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('resourcePackage.clips')}
          </Typography.Title>
          <Space size={[4, 4]} wrap data-testid="package-clip-list">
            {pkg.clips.map((c) => (
              <Tag key={c}>{c}</Tag>
            ))}
          </Space>
        </>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('files.listing')}
      </Typography.Title>
      <FileEntries entries={pkg.files} testId="package-detail-files" />
    </Card>
  );
}
