import type { HTMLAttributes } from 'react';
import { Table, Tag, Typography } from 'antd';
import { TRACK_POINTS_MAX, type TrackPoint } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { coordinates, metres } from './position-text';

/** The track's points, newest first; clicking one centres the map on it. */
export function TrackTable({ track, onPick }: { track: readonly TrackPoint[]; onPick: (p: TrackPoint) => void }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`deviceMap.fields.${k}`);
  // keyed by place in the track as well: two points may share a firstAt
  const rows = track.map((p, i) => ({ ...p, key: `${i}|${p.firstAt}` })).reverse();
  return (
    <div data-testid="location-track-table">
      {track.length >= TRACK_POINTS_MAX && (
        <Typography.Paragraph type="warning">
          {t('deviceMap.trackCapped', { count: TRACK_POINTS_MAX })}
        </Typography.Paragraph>
      )}
      <Table<TrackPoint & { key: string }>
        rowKey="key"
        size="small"
        dataSource={rows}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        locale={{ emptyText: t('deviceMap.noTrack') }}
        onRow={(p, i) =>
          ({
            onClick: () => onPick(p),
            style: { cursor: 'pointer' },
            'data-testid': `track-row-${i}`,
          }) as HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: f('timeRange'),
            key: 'time',
            render: (_, p) =>
              p.firstAt === p.lastAt
                ? formatDateTime(p.firstAt)
                : `${formatDateTime(p.firstAt)} – ${formatDateTime(p.lastAt)}`,
          },
          { title: f('coordinates'), key: 'coordinates', render: (_, p) => coordinates(p) },
          { title: f('source'), key: 'source', render: (_, p) => <Tag>{t(`deviceMap.source.${p.source}`)}</Tag> },
          { title: f('accuracy'), key: 'accuracy', render: (_, p) => metres(p.accuracy) },
        ]}
      />
    </div>
  );
}
