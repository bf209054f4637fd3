import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { publishNotice } from '../api/save-notice';
import type { Notice } from '../api/types';
import { isDraft, P } from './notice-codes';
import { publishQuestion, targetsOf } from './notice-body';

/**
 * Publish a draft after saying whom it reaches (publishing cannot be undone). Shown only for a
 * draft and with the publish permission.
 */
export function PublishNoticeButton({
  notice,
  link,
  onPublished,
}: {
  notice: Notice;
  link?: boolean;
  onPublished: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  if (!isDraft(notice) || !can(`${P}.publish`)) return null;
  return (
    <Popconfirm
      title={publishQuestion(t, targetsOf(notice))}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'notice-publish-ok' } as ButtonProps}
      onConfirm={async () => {
        try {
          await publishNotice(notice.id);
          toastSuccess(t('notice.published'));
          onPublished();
        } catch {
          // the HTTP client has shown the server's message
        }
      }}
    >
      <Button
        type={link ? 'link' : 'primary'}
        size={link ? 'small' : 'middle'}
        style={link ? { padding: 0 } : undefined}
        data-testid={`notice-publish-${notice.id}`}
      >
        {t('notice.actions.publish')}
      </Button>
    </Popconfirm>
  );
}
