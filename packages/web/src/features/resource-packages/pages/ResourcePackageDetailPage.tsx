import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailFallback } from '../../../components/DetailFallback';
import { PackageDetail, useIdRouteParam } from '../../../components/files';
import { deleteResourcePackage } from '../api/delete-resource-package';
import { resourcePackageQuery } from '../api/get-resource-package';
import { P, PACKAGE_LIST } from '../components/paths';
import { useSpeakLanguages } from '../../../lib/use-speak-languages';

/** A resource package's fields and files; for a language pack its clips and the ones it lacks. */
export function ResourcePackageDetailPage() {
  const { t } = useTranslation();
  const id = useIdRouteParam();
  const languages = useSpeakLanguages();
  const query = useQuery({ ...resourcePackageQuery(id), staleTime: 0 });
  const pkg = query.data;
  if (!pkg) return <DetailFallback query={query} back={PACKAGE_LIST} />;
  const isLanguage = pkg.kind === 'language';
  const f = (field: string) => t(`resourcePackage.fields.${field}`);
  return (
    <PackageDetail
      pkg={pkg}
      label={`${pkg.name} ${pkg.version}`}
      i18n="resourcePackage"
      P={P}
      testId="package"
      back={PACKAGE_LIST}
      remove={deleteResourcePackage}
      digest={{ label: f('digest'), value: pkg.digest }}
      above={
        isLanguage &&
        pkg.missingClips.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="package-missing-clips"
            message={t('resourcePackage.missingClips', { count: pkg.missingClips.length })}
            description={pkg.missingClips.join(', ')}
          />
        )
      }
      below={
        isLanguage &&
        pkg.clips.length > 0 && (
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
        )
      }
    >
      <Descriptions.Item label={f('name')}>{pkg.name}</Descriptions.Item>
      <Descriptions.Item label={f('kind')}>
        <Tag>{t(`resourcePackage.kind.${pkg.kind}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={f('language')}>
        <span data-testid="package-detail-language">{languages.labelOf(pkg.language)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={f('version')}>
        <span data-testid="package-detail-version">{pkg.version}</span>
      </Descriptions.Item>
      {isLanguage && (
        <Descriptions.Item label={f('clipCount')}>
          <span data-testid="package-detail-clips">{pkg.clips.length}</span>
        </Descriptions.Item>
      )}
      {isLanguage && (
        <Descriptions.Item label={f('missingClips')}>
          <span data-testid="package-detail-missing">{pkg.missingClips.length}</span>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={f('fileCount')}>{pkg.fileCount}</Descriptions.Item>
    </PackageDetail>
  );
}
