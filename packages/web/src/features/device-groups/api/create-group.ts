import { groupsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { GroupBody } from './types';

export const createGroup = (body: GroupBody) => call(groupsApi.create, { body });
