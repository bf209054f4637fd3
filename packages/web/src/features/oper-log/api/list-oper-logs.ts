import type { OperLog, Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

export const listOperLogs = (params: Params) => get<Page<OperLog>>('/v1/oper-logs', params);
