import { useState, type ReactNode } from 'react';
import { Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess, toastWarning } from '../lib/feedback';

/** What the server said before the confirmation: a refusal, or what the confirmation should tell. */
export type DeleteAnswer = { refusal: string } | { title: ReactNode; description?: ReactNode };

/**
 * A row's red "Delete" link whose confirmation needs the server's word first (how many devices
 * move, whether a business still uses it): the list's figures may be minutes old. A refusal is
 * said at once and no confirmation opens; the server still refuses on delete if things changed.
 */
export function AskFirstDeleteLink(props: {
  testId: string;
  ask: () => Promise<DeleteAnswer>;
  onDelete: () => Promise<unknown>;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ title: ReactNode; description?: ReactNode }>();
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    if (asking) return;
    setAsking(true);
    try {
      const answer = await props.ask();
      if ('refusal' in answer) toastWarning(answer.refusal);
      else setOpen(answer);
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setAsking(false);
    }
  };
  return (
    <Popconfirm
      open={open !== undefined}
      onOpenChange={(o) => !o && setOpen(undefined)}
      title={open?.title}
      description={open?.description}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
      onConfirm={async () => {
        setOpen(undefined);
        try {
          await props.onDelete();
          toastSuccess();
          props.onDeleted();
        } catch {
          // the HTTP client has shown the server's message
        }
      }}
    >
      <a data-testid={props.testId} aria-busy={asking} style={{ color: '#ff4d4f' }} onClick={() => void ask()}>
        {t('common.delete')}
      </a>
    </Popconfirm>
  );
}
