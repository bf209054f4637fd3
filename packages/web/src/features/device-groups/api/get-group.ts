import { groupsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Read just before a delete's confirmation, for its device count. */
export const getGroup = (id: number) => call(groupsApi.get, { params: { id } });
