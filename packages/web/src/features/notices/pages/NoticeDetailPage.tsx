import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { noticeQuery } from '../api/get-notice';
import { isDraft, NOTICE_LIST, noticeEdit, P } from '../components/notice-codes';
import { NoticeStatusTag } from '../components/NoticeStatusTag';
import { PublishNoticeButton } from '../components/PublishNoticeButton';
import { DetailTitle } from '../../../components/DetailTitle';

/** A notice: what it says (line breaks kept), whom it targets and, once published, how widely it was read. */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const query = useQuery({ ...noticeQuery(id), staleTime: 0 });
  const n = query.data;
  if (!n) return <DetailFallback query={query} back={NOTICE_LIST} />;
  const draft = isDraft(n);
  return (
    <Card
      title={<DetailTitle name={n.title} />}
      data-testid="notice-detail"
      extra={
        <Space>
          <PublishNoticeButton
            notice={n}
            onPublished={() => void queryClient.invalidateQueries({ queryKey: ['notices'] })}
          />
          {draft && can(`${P}.edit`) && (
            <Button onClick={() => navigate(noticeEdit(n.id))} data-testid="notice-edit">
              {t('common.edit')}
            </Button>
          )}
          <Button onClick={() => navigate(NOTICE_LIST)}>{t('common.back')}</Button>
        </Space>
      }
    >
      <Descriptions bordered column={2}>
        <Descriptions.Item label={t('notice.fields.id')}>{n.id}</Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.status')}>
          <NoticeStatusTag status={n.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.title')} span={2}>
          <span data-testid="notice-detail-title">{n.title}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.targets')} span={2}>
          <div data-testid="notice-detail-targets">
            {n.allAccounts ? (
              t('notice.allAccounts')
            ) : (
              <Space size={[0, 8]} wrap>
                {n.accounts.map((a) => (
                  <Tag key={a.id}>{a.name}</Tag>
                ))}
              </Space>
            )}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.recipients')}>
          <span data-testid="notice-detail-recipients">{draft ? '-' : `${n.readCount}/${n.recipientCount}`}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.createdBy')}>{n.createdBy ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.createdAt')}>{formatDateTime(n.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.updatedAt')}>{formatDateTime(n.updatedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.publishedAt')} span={2}>
          {formatDateTime(n.publishedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('notice.fields.content')} span={2}>
          <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="notice-detail-content">
            {n.content}
          </div>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
