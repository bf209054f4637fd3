import { post } from '../../../lib/http';
import type { Batch } from './types';

export const switchGroup = (ids: number[], groupId: number) =>
  post<Batch>('/v1/devices/switch-group', { ids, groupId });
