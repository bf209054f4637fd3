import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="herald-centre">
      <div data-testid="not-found">
        <Result
          status="404"
          title="404"
          subTitle={t('common.notFound')}
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              {t('common.backHome')}
            </Button>
          }
        />
      </div>
    </div>
  );
}
