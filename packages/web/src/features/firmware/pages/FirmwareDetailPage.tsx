import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { DeleteLink } from '../../../components/DeleteLink';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { FileEntries, OwnerTag, formatBytesExact, useIdRouteParam } from '../../../components/files';
import { deleteFirmware } from '../api/delete-firmware';
import { firmwareQuery } from '../api/get-firmware';
import { FIRMWARE_LIST, P } from '../components/paths';
import { DetailTitle } from '../../../components/DetailTitle';

/** A firmware package's fields, digests and the files inside it. */
export function FirmwareDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { side } = useSession();
  const id = useIdRouteParam();
  const query = useQuery({ ...firmwareQuery(id), staleTime: 0 });
  const fw = query.data;
  if (!fw) return <DetailFallback query={query} back={FIRMWARE_LIST} />;
  const deletable = can(`${P}.delete`) && fw.taskCount === 0 && (side === 'op' || fw.accountId !== null);
  return (
    <Card
      title={<DetailTitle name={`${fw.name} ${fw.versionName}`} />}
      data-testid="firmware-detail"
      extra={
        <Space>
          {deletable && (
            <DeleteLink
              title={t('firmware.confirm.delete', { name: `${fw.name} ${fw.versionName}` })}
              testId="firmware-detail-delete"
              onDelete={() => deleteFirmware(fw.id)}
              onDeleted={() => navigate(FIRMWARE_LIST)}
            />
          )}
          <Button onClick={() => navigate(FIRMWARE_LIST)}>{t('common.back')}</Button>
        </Space>
      }
    >
      <Descriptions bordered column={2}>
        <Descriptions.Item label={t('firmware.fields.id')}>{fw.id}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.owner')}>
          <OwnerTag accountName={fw.accountName} />
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.appName')}>{fw.appName}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.name')}>{fw.name}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.versionName')}>
          <span data-testid="firmware-detail-version">{fw.versionName}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.model')}>{fw.modelName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.packageType')}>
          <Tag>{t(`firmware.packageType.${fw.packageType}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.signAlgorithm')}>
          {t(`firmware.signAlgorithm.${fw.signAlgorithm}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.baseVersion')}>{fw.baseVersion ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.minUpgradeVersion')}>
          {fw.minUpgradeVersion ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.minLanguagePackVersion')}>
          {fw.minLanguagePackVersion ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('files.fields.name')}>{fw.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.size')}>{formatBytesExact(fw.size)}</Descriptions.Item>
        <Descriptions.Item label={t('files.fields.md5')} span={2}>
          <Typography.Text code copyable>
            {fw.md5}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('files.fields.sha256')} span={2}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {fw.sha256}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.taskCount')}>{fw.taskCount}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.createdAt')}>{formatDateTime(fw.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.fields.remark')} span={2}>
          {fw.remark || '-'}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('files.listing')}
      </Typography.Title>
      <FileEntries entries={fw.files} testId="firmware-detail-files" />
    </Card>
  );
}
