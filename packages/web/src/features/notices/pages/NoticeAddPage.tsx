import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createNotice, publishNotice } from '../api/save-notice';
import { NOTICE_LIST, noticeDetail } from '../components/notice-codes';
import { NoticeForm } from '../components/NoticeForm';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function NoticeAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  return (
    <NoticeForm
      title={t('notice.actions.add')}
      onCancel={() => navigate(NOTICE_LIST)}
      onSave={async (body, publish) => {
        const saved = await createNotice(body);
        if (!publish) toastSuccess();
        else {
          // a refused publish leaves the saved draft, shown next: the client has said why
          const published = await publishNotice(saved.id).catch(() => undefined);
          if (published) toastSuccess(t('notice.published'));
        }
        await queryClient.invalidateQueries({ queryKey: ['notices'] });
        leave(noticeDetail(saved.id));
      }}
    />
  );
}
