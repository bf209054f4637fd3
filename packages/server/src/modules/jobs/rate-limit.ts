import { ResultCode } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { turnsPerOwner } from '../../lib/in-turn';
import * as repo from './repo';

/**
 * A device's print rate limit: printParams.rateLimitCount jobs per rateLimitSeconds (either 0:
 * no limit), counted from the jobs table.
 *
 * The count and the job's insert are two steps, so calls that arrive together would all count
 * the same rows and all pass. For a device with a limit, this server therefore takes its calls one
 * at a time, from the count to the stored row; other devices, and devices without a limit, are
 * not held up. Two servers sharing one database can still each let one call past in the same
 * instant (docs/decisions.md).
 */
const inDeviceTurn = turnsPerOwner<number>();

export function withinRateLimit<T>(
  deps: Deps,
  device: repo.TargetDevice,
  now: number,
  work: () => Promise<T>,
): Promise<T> {
  const seconds = Number(device.printParams.rateLimitSeconds ?? 0);
  const count = Number(device.printParams.rateLimitCount ?? 0);
  if (!(seconds > 0 && count > 0)) return work();

  return inDeviceTurn(deps, device.id, async () => {
    const since = new Date(now - seconds * 1000);
    const recent = await repo.countRecentJobs(deps.db, device.accountId, device.id, since);
    if (recent >= count) throw new AppError(ResultCode.RATE_LIMITED, 'error.deviceRateLimited');
    return work();
  });
}
