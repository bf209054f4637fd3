import { Button, Result, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResultCode } from '@herald/contract';
import { ApiError } from '../lib/http';

/**
 * What a detail or edit page shows while it has no record: a spinner while the record loads, and
 * a result with a way back when it cannot load (an unknown id, another account's record, or no
 * `?id=` at all, where the query never runs), instead of a spinner that never stops.
 */
export function DetailFallback({
  query,
  back,
}: {
  query: Pick<UseQueryResult, 'error' | 'isPending' | 'fetchStatus'>;
  back: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { error } = query;
  const neverRuns = query.isPending && query.fetchStatus === 'idle';
  if (!error && !neverRuns) return <Spin />;
  const notFound = !error || (error instanceof ApiError && error.code === ResultCode.NOT_FOUND);
  return (
    <div data-testid="detail-not-found">
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('error.notFound') : error.message}
        extra={
          <Button type="primary" onClick={() => navigate(back)} data-testid="detail-not-found-back">
            {t('common.back')}
          </Button>
        }
      />
    </div>
  );
}
