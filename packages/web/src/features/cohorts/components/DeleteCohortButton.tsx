import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { deleteCohort } from '../api/cohorts-api';
import { P } from './paths';

/** Delete after a confirmation; tasks that used the cohort keep their devices. */
export function DeleteCohortButton({
  id,
  name,
  link,
  onDeleted,
}: {
  id: number;
  name: string;
  link?: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can(`${P}.delete`)) return null;
  return (
    <Popconfirm
      title={t('cohort.confirm.delete', { name })}
      description={t('cohort.confirm.deleteHint')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'cohort-delete-ok' } as never}
      onConfirm={async () => {
        await deleteCohort(id);
        toastSuccess();
        onDeleted();
      }}
    >
      <Button
        type={link ? 'link' : 'default'}
        danger
        size={link ? 'small' : 'middle'}
        data-testid={`cohort-delete-${id}`}
      >
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
