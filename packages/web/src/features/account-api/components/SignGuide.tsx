import { Card, Typography } from 'antd';
import { OPEN_API, WEBHOOK_HEADERS } from '@herald/contract';
import { useTranslation } from 'react-i18next';

const STRING_TO_SIGN = ['appKey', 'timestamp', 'nonce', 'METHOD', '/open/v1/…', 'sha256hex(body)'].join('\n');

/** How an integrator signs an open API call (the full description is docs/open-api.md). */
export function SignGuide({ appKey }: { appKey: string | null }) {
  const { t } = useTranslation();
  const h = OPEN_API.headers;
  return (
    <Card title={t('accountApi.sections.sign')} data-testid="api-sign-guide">
      <Typography.Paragraph>{t('accountApi.sign.intro')}</Typography.Paragraph>
      <ul>
        <li>
          <Typography.Text code>{h.appKey}</Typography.Text>: {t('accountApi.sign.appKey')}
          {appKey && (
            <>
              {' '}
              (<Typography.Text code>{appKey}</Typography.Text>)
            </>
          )}
        </li>
        <li>
          <Typography.Text code>{h.timestamp}</Typography.Text>:{' '}
          {t('accountApi.sign.timestamp', { minutes: OPEN_API.clockSkewMs / 60_000 })}
        </li>
        <li>
          <Typography.Text code>{h.nonce}</Typography.Text>: {t('accountApi.sign.nonce')}
        </li>
        <li>
          <Typography.Text code>{h.signature}</Typography.Text>: {t('accountApi.sign.signature')}
        </li>
      </ul>
      <Typography.Paragraph>{t('accountApi.sign.string')}</Typography.Paragraph>
      <pre style={{ background: '#f5f5f5', padding: 12, borderRadius: 6 }}>{STRING_TO_SIGN}</pre>
      <Typography.Paragraph type="secondary">
        {t('accountApi.sign.webhook', {
          header: WEBHOOK_HEADERS.signature,
          previous: WEBHOOK_HEADERS.signaturePrevious,
        })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('accountApi.sign.docs')}</Typography.Paragraph>
    </Card>
  );
}
