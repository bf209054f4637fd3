import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const switchGroup = (ids: number[], groupId: number) => call(devicesApi.switchGroup, { body: { ids, groupId } });
