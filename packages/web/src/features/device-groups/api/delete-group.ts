import { groupsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** The default group cannot be deleted (the server answers with the spec's message). */
export const deleteGroup = (id: number) => call(groupsApi.remove, { params: { id } });
