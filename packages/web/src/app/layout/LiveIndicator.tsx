import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveState } from '../../lib/live';

/** A small dot in the header: live, or reconnecting (pages then poll slowly). */
export function LiveIndicator() {
  const { t } = useTranslation();
  const live = useLiveState() === 'live';
  return (
    <Tooltip title={t(live ? 'live.onHint' : 'live.reconnectingHint')}>
      <span data-testid="live-indicator" data-state={live ? 'live' : 'reconnecting'}>
        <Badge status={live ? 'success' : 'warning'} text={t(live ? 'live.on' : 'live.reconnecting')} />
      </span>
    </Tooltip>
  );
}
