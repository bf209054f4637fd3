import type { Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';
import type { Notice } from './types';

export const listNotices = (params: Params) => get<Page<Notice>>('/v1/notices', params);
