import { Typography } from 'antd';
import type { MapMarkers } from '@herald/contract';
import { useTranslation } from 'react-i18next';

/** How many located devices the map shows: "showing N of total" when the markers stopped at the cap. */
export function MarkerCount({ markers }: { markers: MapMarkers | undefined }) {
  const { t } = useTranslation();
  if (!markers) return null;
  const shown = markers.list.length;
  const capped = shown < markers.total;
  return (
    <Typography.Text
      type={capped ? 'warning' : 'secondary'}
      data-testid="device-map-count"
      data-shown={shown}
      data-total={markers.total}
    >
      {capped
        ? t('deviceMap.markersCapped', { shown, total: markers.total })
        : t('deviceMap.markersTotal', { count: markers.total })}
    </Typography.Text>
  );
}
