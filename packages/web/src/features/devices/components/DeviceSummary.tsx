import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPrinterType } from '@herald/contract';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import type { DeviceDetail } from '../api/types';
import { printOptions } from '../../../lib/print-options';
import { FlagTags, StatusTag } from './DeviceTags';

/** Identity, registration and print settings of a device. */
export function DeviceSummary({ device: d }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const { side } = useSession();
  const text = (v?: string | number | null) => (v === null || v === undefined || v === '' ? '-' : v);
  const opts = printOptions(t);
  const pick = (list: { value: unknown; label: string }[], v: unknown) => list.find((o) => o.value === v)?.label ?? '-';
  const pp = d.printParams;
  const printer = isPrinterType(d.modelType);
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="device-summary">
        <Descriptions.Item label={t('device.fields.sn')}>
          <span data-testid="device-sn-value">{d.sn}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.name')}>{text(d.name)}</Descriptions.Item>
        {side === 'op' && (
          <Descriptions.Item label={t('device.fields.account')}>{text(d.accountName)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('device.fields.model')}>
          {text(d.modelName)} {d.modelCode ? `(${d.modelCode})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.group')}>{text(d.groupName)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.owner')}>
          <span data-testid="device-owner">{text(d.ownerName)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.app')}>{text(d.appName)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.manufacturer')}>{text(d.manufacturerName)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.status')}>
          <Space size={0} wrap data-testid="device-status-value" data-status={d.status}>
            <StatusTag status={d.status} />
            <FlagTags device={d} />
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.activatedAt')}>{formatDateTime(d.activatedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.qrEnabled')}>
          {t(d.qrEnabled ? 'device.qr.on' : 'device.qr.off')}
          {d.hasQrPassword ? ` · ${t('device.qr.withPassword')}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.contactPhone')}>{text(d.contactPhone)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.mutedUntil')}>
          {d.muted ? formatDateTime(d.mutedUntil) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.createdAt')}>{formatDateTime(d.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Descriptions
        bordered
        size="small"
        title={t('device.print.title')}
        column={{ xs: 1, md: 2, xl: 3 }}
        style={{ marginTop: 16 }}
        data-testid="device-print-params"
      >
        <Descriptions.Item label={t('device.print.language')}>{pick(opts.language, pp.language)}</Descriptions.Item>
        {printer && <Descriptions.Item label={t('device.print.speed')}>{pick(opts.speed, pp.speed)}</Descriptions.Item>}
        {printer && (
          <Descriptions.Item label={t('device.print.density')}>{pick(opts.density, pp.density)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('device.print.voiceType')}>{pick(opts.voiceType, pp.voiceType)}</Descriptions.Item>
        <Descriptions.Item label={t('device.print.volume')}>{pp.volume}</Descriptions.Item>
        <Descriptions.Item label={t('device.print.communicationType')}>
          {pick(opts.communicationType, pp.communicationType)}
        </Descriptions.Item>
        {printer && (
          <Descriptions.Item label={t('device.print.logo')}>
            {t(pp.logo ? 'device.yes' : 'device.no')}
          </Descriptions.Item>
        )}
        {printer && (
          <Descriptions.Item label={t('device.print.autoCut')}>
            {t(pp.autoCut ? 'device.yes' : 'device.no')}
          </Descriptions.Item>
        )}
        {printer && (
          <Descriptions.Item label={t('device.print.paperWidth')}>
            <span data-testid="device-paper-width">{pick(opts.paperWidth, pp.paperWidth)}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('device.print.rateLimit')}>
          {pp.rateLimitSeconds > 0 && pp.rateLimitCount > 0
            ? t('device.print.rateLimitValue', { count: pp.rateLimitCount, seconds: pp.rateLimitSeconds })
            : t('device.print.noRateLimit')}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
