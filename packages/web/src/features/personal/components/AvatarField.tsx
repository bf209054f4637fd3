import { useState } from 'react';
import { Avatar, Button, Space, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_PX, MODEL_IMAGE_MIMES } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { apiUrlOrNone } from '../../../lib/config';
import { confirmDialog, toastError, toastSuccess } from '../../../lib/feedback';
import { useSession } from '../../../lib/session-context';
import { squareDataUrl } from '../../../lib/square-image';
import { removeAvatar, setAvatar } from '../api/avatar';

/**
 * One's own picture: PNG or JPG of at most 2 MB (spec), sent cut to a centred square of
 * AVATAR_PX, so the header never loads a camera's megabytes. Shown in the header, on the lock
 * screen and in user lists.
 */
export function AvatarField() {
  const { t } = useTranslation();
  const { user, refetch } = useSession();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      toastSuccess();
      await refetch();
    } catch {
      // the request's own error toast has said why
    } finally {
      setBusy(false);
    }
  };
  const pick = async (file: File) => {
    if (!(MODEL_IMAGE_MIMES as readonly string[]).includes(file.type)) return toastError(t('error.modelImageFormat'));
    if (file.size > AVATAR_MAX_BYTES) return toastError(t('error.avatarTooLarge'));
    await run(async () => {
      const image = await squareDataUrl(file, AVATAR_PX).catch(() => null);
      if (!image) {
        toastError(t('personal.avatar.unreadable'));
        throw new Error('unreadable');
      }
      await setAvatar(image);
    });
  };

  return (
    <Space size={16} align="center" style={{ marginBottom: 24 }} data-testid="personal-avatar">
      <Avatar
        size={72}
        src={apiUrlOrNone(user.avatarUrl)}
        icon={<UserOutlined />}
        data-testid="personal-avatar-image"
      />
      <Space direction="vertical" size={4}>
        <Space>
          <Upload
            accept=".png,.jpg,.jpeg"
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="personal-avatar-upload">
              {t('personal.avatar.change')}
            </Button>
          </Upload>
          {user.avatarUrl && (
            <Button
              danger
              disabled={busy}
              data-testid="personal-avatar-remove"
              onClick={() =>
                confirmDialog({
                  title: t('common.tip'),
                  content: t('personal.avatar.removeConfirm'),
                  okButtonProps: { 'data-testid': 'confirm-ok' },
                  onOk: () => run(removeAvatar),
                })
              }
            >
              {t('personal.avatar.remove')}
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">{t('personal.avatar.hint')}</Typography.Text>
      </Space>
    </Space>
  );
}
