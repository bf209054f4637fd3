import { Descriptions, Empty, Tag } from 'antd';
import type { DeviceLocation } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { OnlineTag } from './OnlineTag';
import { coordinates, metres } from './position-text';

/** The device and where it is now, or the spec's 'Terminal location not uploaded'. */
export function LocationSummary({ location: { device: d, position: p } }: { location: DeviceLocation }) {
  const { t } = useTranslation();
  const { side } = useSession();
  const f = (k: string) => t(`deviceMap.fields.${k}`);
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="location-device">
        <Descriptions.Item label={f('sn')}>
          <span data-testid="location-sn">{d.sn}</span>
        </Descriptions.Item>
        <Descriptions.Item label={f('name')}>{d.name || '-'}</Descriptions.Item>
        {side === 'op' && <Descriptions.Item label={f('account')}>{d.accountName ?? '-'}</Descriptions.Item>}
        <Descriptions.Item label={f('model')}>{d.modelName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={f('online')}>
          <OnlineTag online={d.online} testId="location-online" />
        </Descriptions.Item>
        <Descriptions.Item label={f('lastSeenAt')}>{formatDateTime(d.lastSeenAt)}</Descriptions.Item>
      </Descriptions>
      {p ? (
        <Descriptions
          bordered
          size="small"
          title={t('deviceMap.currentPosition')}
          column={{ xs: 1, md: 2, xl: 4 }}
          style={{ marginTop: 16 }}
          data-testid="location-position"
          data-source={p.source}
        >
          <Descriptions.Item label={f('coordinates')}>
            <span data-testid="location-coordinates">{coordinates(p)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={f('source')}>
            <Tag color={p.source === 'gnss' ? 'blue' : 'purple'} data-testid="location-source">
              {t(`deviceMap.source.${p.source}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={f('accuracy')}>{metres(p.accuracy)}</Descriptions.Item>
          <Descriptions.Item label={f('locatedAt')}>{formatDateTime(p.locatedAt)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty
          style={{ marginTop: 16 }}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span data-testid="location-not-uploaded">{t('error.locationNotUploaded')}</span>}
        />
      )}
    </>
  );
}
