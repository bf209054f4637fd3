import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Assign devices to a user of their account (null: to nobody). */
export const assignOwner = (ids: number[], userId: number | null) =>
  call(devicesApi.assignOwner, { body: { ids, userId } });
