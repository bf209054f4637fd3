import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession } from '../../lib/session-storage';

/** Reached after three failed authorisation-code exchanges. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="herald-centre">
      <div data-testid="unauthorized">
        <Result
          status="403"
          title="401"
          subTitle={t('error.invalidGrant')}
          extra={
            <Button
              type="primary"
              onClick={() => {
                clearSession();
                navigate('/login');
              }}
            >
              {t('common.relogin')}
            </Button>
          }
        />
      </div>
    </div>
  );
}
