import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import type { AccountApiDetail } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { geoSecret } from '../api/account-api';
import { CAN_SECRET } from './codes';

/** The geolocation value-added service's secret, once the platform has enabled the service. */
export function GeoSecretCard({ detail }: { detail: AccountApiDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const [secret, setSecret] = useState<string>();
  return (
    <Card title={t('accountApi.sections.geo')} data-testid="api-geo">
      {!detail.geoEnabled ? (
        <Typography.Text type="secondary" data-testid="api-geo-disabled">
          {t('accountApi.geo.notEnabled')}
        </Typography.Text>
      ) : secret ? (
        <Typography.Text code copyable data-testid="api-geo-secret">
          {secret}
        </Typography.Text>
      ) : (
        can(CAN_SECRET) && (
          <Button
            data-testid="api-geo-show"
            onClick={async () => {
              try {
                setSecret((await geoSecret()).secret);
              } catch {
                // the HTTP client has shown the server's message
              }
            }}
          >
            {t('accountApi.geo.show')}
          </Button>
        )
      )}
    </Card>
  );
}
