import { get } from '../../../lib/http';
import type { Notice } from './types';

export const getNotice = (id: number) => get<Notice>(`/v1/notices/${id}`);

export const noticeQuery = (id: number) => ({
  queryKey: ['notices', id] as const,
  queryFn: () => getNotice(id),
  enabled: id > 0,
});
