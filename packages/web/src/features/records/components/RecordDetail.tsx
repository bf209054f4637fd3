import type { ReactNode } from 'react';
import { Button, Card, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useIdParam } from '../../../lib/use-id-param';
import { recordQuery, type RecordArea } from '../api/records-api';

/** The detail page shell every record area shares: load `?id=`, title, back to the list. */
export function RecordDetail<T>(props: {
  area: RecordArea;
  back: string;
  title: (record: T) => string;
  children: (record: T) => ReactNode;
  /** buttons beside Back (job control), given the record and a reload */
  actions?: (record: T, reload: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useQuery(recordQuery<T>(props.area, id));
  const { data } = query;
  if (!data) return <DetailFallback query={query} back={props.back} />;
  return (
    <Card
      title={props.title(data)}
      extra={
        <Space>
          {props.actions?.(data, () => void query.refetch())}
          <Button onClick={() => navigate(props.back)}>{t('common.back')}</Button>
        </Space>
      }
      data-testid={`record-detail-${props.area}`}
    >
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        {props.children(data)}
      </Space>
    </Card>
  );
}
