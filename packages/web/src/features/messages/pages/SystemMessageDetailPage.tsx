import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { messageDetailPath, MSG_LIST } from '../components/message-paths';
import { useMessageDetail } from '../components/use-message-detail';

/** A published notice as its reader sees it: title, time and the text with its line breaks. */
export function SystemMessageDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useMessageDetail(id);
  const m = query.data;
  if (!m) return <DetailFallback query={query} back={MSG_LIST} />;
  if (m.category !== 'system') return <Navigate to={messageDetailPath(m)} replace />;
  return (
    <Card
      title={t('msg.systemDetailTitle')}
      data-testid="msg-detail-sys"
      extra={<Button onClick={() => navigate(MSG_LIST)}>{t('common.back')}</Button>}
    >
      <Typography.Title level={4} data-testid="msg-detail-title">
        {m.title}
      </Typography.Title>
      <Typography.Text type="secondary">{formatDateTime(m.createdAt)}</Typography.Text>
      <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginTop: 16 }} data-testid="msg-detail-content">
        {m.content}
      </div>
    </Card>
  );
}
