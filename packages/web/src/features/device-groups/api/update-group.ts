import { groupsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { GroupBody } from './types';

export const updateGroup = (id: number, body: GroupBody) => call(groupsApi.update, { params: { id }, body });
