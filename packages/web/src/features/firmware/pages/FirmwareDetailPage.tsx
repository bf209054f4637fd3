import { Descriptions, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailFallback } from '../../../components/DetailFallback';
import { PackageDetail, useIdRouteParam } from '../../../components/files';
import { deleteFirmware } from '../api/delete-firmware';
import { firmwareQuery } from '../api/get-firmware';
import { FIRMWARE_LIST, P } from '../components/paths';

/** A firmware package's fields, digests and the files inside it. */
export function FirmwareDetailPage() {
  const { t } = useTranslation();
  const id = useIdRouteParam();
  const query = useQuery({ ...firmwareQuery(id), staleTime: 0 });
  const fw = query.data;
  if (!fw) return <DetailFallback query={query} back={FIRMWARE_LIST} />;
  const f = (field: string) => t(`firmware.fields.${field}`);
  return (
    <PackageDetail
      pkg={fw}
      label={`${fw.name} ${fw.versionName}`}
      i18n="firmware"
      P={P}
      testId="firmware"
      back={FIRMWARE_LIST}
      remove={deleteFirmware}
      digest={{ label: t('files.fields.sha256'), value: fw.sha256 }}
    >
      <Descriptions.Item label={f('appName')}>{fw.appName}</Descriptions.Item>
      <Descriptions.Item label={f('name')}>{fw.name}</Descriptions.Item>
      <Descriptions.Item label={f('versionName')}>
        <span data-testid="firmware-detail-version">{fw.versionName}</span>
      </Descriptions.Item>
      <Descriptions.Item label={f('model')}>{fw.modelName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={f('packageType')}>
        <Tag>{t(`firmware.packageType.${fw.packageType}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={f('signAlgorithm')}>
        {t(`firmware.signAlgorithm.${fw.signAlgorithm}`)}
      </Descriptions.Item>
      <Descriptions.Item label={f('baseVersion')}>{fw.baseVersion ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={f('minUpgradeVersion')}>{fw.minUpgradeVersion ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={f('minLanguagePackVersion')}>{fw.minLanguagePackVersion ?? '-'}</Descriptions.Item>
    </PackageDetail>
  );
}
