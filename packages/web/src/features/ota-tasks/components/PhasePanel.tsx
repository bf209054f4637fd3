import { Alert, Card, Table, Tag } from 'antd';
import type { OtaPhaseView, OtaPhaseWait } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import type { OtaPhasesView } from '../api/types';

const STATE_COLORS = { waiting: 'default', running: 'processing', promoted: 'success' } as const;

/** "12 min 5 s" from milliseconds, for the soak time left. */
function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return [h ? `${h} h` : '', m ? `${m} min` : '', `${s % 60} s`].filter(Boolean).join(' ');
}

/** Why a task stopped offering, in words, with the counts of the criterion that stopped it. */
export function HaltAlert({ view }: { view: OtaPhasesView }) {
  const { t } = useTranslation();
  if (!view.halt) return null;
  const r = view.haltReason;
  const message =
    view.halt === 'paused'
      ? t('otaTask.campaign.halt.paused')
      : r?.by === 'criterion'
        ? t('otaTask.campaign.halt.abortedByCriterion', {
            ...r,
            kind: t(`otaTask.campaign.kinds.${r.kind}`).toLowerCase(),
          })
        : t('otaTask.campaign.halt.abortedByUser');
  return (
    <Alert
      showIcon
      type={view.halt === 'paused' ? 'warning' : 'error'}
      message={message}
      data-testid="ota-task-halt"
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * The phases of a task: each one's devices and outcomes, its success rate against its threshold,
 * and for the running one what its promotion still waits for (soak time left, the threshold, an
 * approval, a resume).
 */
export function PhasePanel({ view }: { view: OtaPhasesView }) {
  const { t } = useTranslation();
  const wait = (p: OtaPhaseView, w: OtaPhaseWait) => {
    if (w === 'soak')
      return p.soakEndsAt
        ? t('otaTask.campaign.waits.soak', { left: duration(Date.parse(p.soakEndsAt) - Date.now()) })
        : t('otaTask.campaign.waits.soakDone');
    if (w === 'threshold') return t('otaTask.campaign.waits.threshold', { threshold: p.successThreshold });
    return t(`otaTask.campaign.waits.${w}`);
  };
  const upgrading = (p: OtaPhaseView) =>
    p.counts.offered + p.counts.downloading + p.counts.verifying + p.counts.installing;
  return (
    <Card title={t('otaTask.campaign.title')} data-testid="ota-task-phases">
      <HaltAlert view={view} />
      <Table<OtaPhaseView>
        rowKey="index"
        size="small"
        pagination={false}
        dataSource={view.phases}
        onRow={(p) => ({ 'data-testid': `phase-row-${p.index}` }) as object}
        columns={[
          {
            title: t('otaTask.campaign.fields.phase'),
            render: (_, p) => t('otaTask.campaign.phaseN', { n: p.index + 1 }),
          },
          {
            title: t('otaTask.campaign.fields.state'),
            render: (_, p) => (
              <Tag color={STATE_COLORS[p.state]} data-testid={`phase-state-${p.index}`}>
                {t(`otaTask.campaign.state.${p.state}`)}
              </Tag>
            ),
          },
          {
            title: t('otaTask.campaign.percent'),
            render: (_, p) => (p.cohortId ? t('otaTask.campaign.cohortN', { id: p.cohortId }) : p.percent),
          },
          { title: t('otaTask.campaign.fields.devices'), dataIndex: 'total' },
          { title: t('otaTask.campaign.fields.succeeded'), render: (_, p) => p.counts.succeeded },
          { title: t('otaTask.campaign.fields.failed'), render: (_, p) => p.counts.failed + p.counts.timedOut },
          { title: t('otaTask.campaign.fields.upgrading'), render: (_, p) => upgrading(p) },
          { title: t('otaTask.campaign.fields.queued'), render: (_, p) => p.counts.queued },
          {
            title: t('otaTask.campaign.fields.successRate'),
            render: (_, p) => `${p.successRate}% / ${p.successThreshold}%`,
          },
          {
            title: t('otaTask.campaign.fields.waitingFor'),
            render: (_, p) =>
              p.state !== 'running' ? (
                t('otaTask.campaign.waits.none')
              ) : (
                <span data-testid={`phase-waits-${p.index}`}>
                  {p.waitingFor.length
                    ? p.waitingFor.map((w) => wait(p, w)).join(' · ')
                    : p.index < view.phases.length - 1
                      ? t('otaTask.campaign.waits.promoting')
                      : t('otaTask.campaign.waits.none')}
                </span>
              ),
          },
        ]}
      />
    </Card>
  );
}
