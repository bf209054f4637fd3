import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { noticeQuery } from '../api/get-notice';
import { publishNotice, updateNotice } from '../api/save-notice';
import { isDraft, NOTICE_LIST, noticeDetail } from '../components/notice-codes';
import { NoticeForm } from '../components/NoticeForm';

export function NoticeEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const query = useQuery({ ...noticeQuery(id), staleTime: 0 });
  const notice = query.data;
  if (!notice) return <DetailFallback query={query} back={NOTICE_LIST} />;
  // a published notice is what was sent: it is only shown
  if (!isDraft(notice)) return <Navigate to={noticeDetail(id)} replace />;
  return (
    <NoticeForm
      key={notice.id}
      notice={notice}
      title={t('notice.actions.edit')}
      onCancel={() => navigate(noticeDetail(id))}
      onSave={async (body, publish) => {
        await updateNotice(id, body);
        if (!publish) toastSuccess();
        else {
          const published = await publishNotice(id).catch(() => undefined);
          if (published) toastSuccess(t('notice.published'));
        }
        await queryClient.invalidateQueries({ queryKey: ['notices'] });
        navigate(noticeDetail(id));
      }}
    />
  );
}
