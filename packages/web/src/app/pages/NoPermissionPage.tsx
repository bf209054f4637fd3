import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@herald/contract';

/** Shown in place of a page the user may not open (direct URL). */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="no-permission">
      <Result
        status="403"
        title={t('error.forbidden')}
        subTitle={t('common.noPermissionPage')}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
