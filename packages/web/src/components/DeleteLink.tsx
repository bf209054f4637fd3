import type { ReactNode } from 'react';
import { Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../lib/feedback';

/**
 * A row's red "Delete" link: asks first (the spec wants a confirmation before destructive
 * actions), deletes, says so and lets the list reload. A refusal needs nothing here: the HTTP
 * client has already shown the server's message.
 */
export function DeleteLink(props: {
  title: ReactNode;
  description?: ReactNode;
  testId: string;
  onDelete: () => Promise<unknown>;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={props.title}
      description={props.description}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
      onConfirm={async () => {
        try {
          await props.onDelete();
          toastSuccess();
          props.onDeleted();
        } catch {
          // the HTTP client has shown the server's message
        }
      }}
    >
      <a data-testid={props.testId} style={{ color: '#ff4d4f' }}>
        {t('common.delete')}
      </a>
    </Popconfirm>
  );
}
