import { noticesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getNotice = (id: number) => call(noticesApi.get, { params: { id } });

export const noticeQuery = (id: number) => ({
  queryKey: ['notices', id] as const,
  queryFn: () => getNotice(id),
  enabled: id > 0,
});
