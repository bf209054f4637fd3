import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resolveLocale, translate } from '@herald/contract';
import { familyOf, jobStatusLabel } from '../../../lib/job-status';

/** Colours by meaning: waiting, on its way, done, failed, expired. */
const JOB_COLOURS = ['default', 'processing', 'cyan', 'success', 'error', 'warning'] as const;
const RESULT_COLOURS = ['error', 'success', 'processing'] as const;

export function JobStatusTag({ status, kind }: { status: number; kind?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={JOB_COLOURS[status] ?? 'default'} data-testid={`job-status-${status}`}>
      {jobStatusLabel(t, status, familyOf(kind))}
    </Tag>
  );
}

/**
 * Publish records use the first three job states (not pushed, pushed, push succeeded); a publish
 * the gateway did not take (0) says why after its tag.
 */
export function PublishStatusTag({ status, reason }: { status: number; reason?: string | null }) {
  const reasonLabel = useReasonLabel();
  return (
    <Space size={4} wrap>
      <JobStatusTag status={status} />
      {reason ? (
        <Typography.Text type="secondary" data-testid="publish-reason">
          {reasonLabel(reason)}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

export function GeneralResultTag({ result }: { result: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={RESULT_COLOURS[result] ?? 'default'} data-testid={`general-result-${result}`}>
      {t(`records.result.${result}`, { defaultValue: String(result) })}
    </Tag>
  );
}

/** A device's failure reason in the console's language; unknown reasons shown as sent. */
export function useReasonLabel() {
  const { t } = useTranslation();
  return (reason: string | null | undefined) => (reason ? t(`job.reason.${reason}`, { defaultValue: reason }) : '-');
}

/**
 * A general request's message in the console's language: the server stores the message key
 * ('ok', 'error.templateInvalid'); older rows hold the text itself, which translate() returns as it is.
 */
export function useGeneralMessage() {
  const { i18n } = useTranslation();
  return (message: string | null | undefined) => (message ? translate(message, resolveLocale(i18n.language)) : '-');
}
