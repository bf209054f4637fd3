import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/http';

/** A signed-in user holding no permission at all. */
export function NoPermissionsAssignedPage() {
  const { t } = useTranslation();
  return (
    <div className="herald-centre">
      <div data-testid="no-permissions-assigned">
        <Result
          status="warning"
          title={t('error.noPermissionAssigned')}
          extra={
            <Button type="primary" onClick={() => void logout()} data-testid="logout">
              {t('layout.logout')}
            </Button>
          }
        />
      </div>
    </div>
  );
}
