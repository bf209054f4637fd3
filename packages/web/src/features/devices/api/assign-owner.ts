import { post } from '../../../lib/http';
import type { Batch } from './types';

/** Assign devices to a user of their account (null: to nobody). */
export const assignOwner = (ids: number[], userId: number | null) =>
  post<Batch>('/v1/devices/assign-owner', { ids, userId });
