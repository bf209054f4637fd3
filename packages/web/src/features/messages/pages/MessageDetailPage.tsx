import { Button, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { DEVICE_DETAIL_PERMISSION, deviceDetailPath, messageDetailPath, MSG_LIST } from '../components/message-paths';
import { useMessageDetail } from '../components/use-message-detail';

/** A device alert: what happened to which device (a link to it), the device's own words, when. */
export function MessageDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = useIdParam();
  const query = useMessageDetail(id);
  const m = query.data;
  if (!m) return <DetailFallback query={query} back={MSG_LIST} />;
  if (m.category === 'system') return <Navigate to={messageDetailPath(m)} replace />;
  const { alert } = m;
  return (
    <Card
      title={t('msg.alertDetailTitle')}
      data-testid="msg-detail"
      extra={<Button onClick={() => navigate(MSG_LIST)}>{t('common.back')}</Button>}
    >
      <Descriptions bordered column={1}>
        <Descriptions.Item label={t('msg.fields.title')}>
          <span data-testid="msg-detail-title">{m.title}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('msg.fields.kind')}>
          {alert ? t(`msg.alertKind.${alert.kind}`) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('msg.fields.phase')}>
          <span data-testid="msg-detail-phase">{alert ? t(`msg.alertPhase.${alert.phase}`) : '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('msg.fields.sn')}>
          {!alert ? (
            '-'
          ) : can(DEVICE_DETAIL_PERMISSION) ? (
            <Link to={deviceDetailPath(alert.deviceId)} data-testid="msg-detail-sn">
              {alert.sn}
            </Link>
          ) : (
            <span data-testid="msg-detail-sn">{alert.sn}</span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('msg.fields.detail')}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{alert?.detail || '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('msg.fields.createdAt')}>{formatDateTime(m.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('msg.fields.readAt')}>{formatDateTime(m.readAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
