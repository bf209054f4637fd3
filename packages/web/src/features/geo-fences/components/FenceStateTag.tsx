import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A watched device against its fence: inside (green), outside (red), or unknown until its first position. */
export function FenceStateTag({ inside, testId }: { inside: boolean | null; testId: string }) {
  const { t } = useTranslation();
  const state = inside === null ? 'unknown' : inside ? 'inside' : 'outside';
  const colour = inside === null ? 'default' : inside ? 'green' : 'red';
  return (
    <Tag color={colour} data-testid={testId} data-state={state}>
      {t(`geoFence.state.${state}`)}
    </Tag>
  );
}
