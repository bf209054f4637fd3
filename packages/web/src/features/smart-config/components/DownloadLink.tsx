import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { publicDownloadUrl } from './paths';

/** The copyable public download address of the newest listed version. */
export function DownloadLink() {
  const { t } = useTranslation();
  const url = publicDownloadUrl();
  return (
    <span>
      <Typography.Text type="secondary">{t('smartConfig.downloadLink')}: </Typography.Text>
      <Typography.Text copyable={{ text: url }} data-testid="sc-download-link">
        <Typography.Link href={url} target="_blank" rel="noreferrer">
          {url}
        </Typography.Link>
      </Typography.Text>
    </span>
  );
}
