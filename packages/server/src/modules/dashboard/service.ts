import {
  ACCOUNT_PICKING_PERMISSIONS,
  can,
  DASHBOARD_DAYS,
  DASHBOARD_RANGE_DAYS,
  DASHBOARD_MODELS,
  JOB_KINDS,
  JOB_STATS_BUCKET_MINUTES,
  type AccountStat,
  type BusinessStat,
  type DashboardQuery,
  type DevicePhysicalStat,
  type DeviceSessionStat,
  type ModelStat,
  type TotalStat,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { dataOwner } from '../../lib/data-scope';
import { ownAccount } from '../../lib/scope';
import { accountExists, countAccounts } from '../common/repo';
import * as repo from './repo';

const DAY_MS = 86_400_000;
const BUCKET_MS = JOB_STATS_BUCKET_MINUTES * 60_000;

/**
 * Whose figures: an account user's own account; for an operator the platform, or the account
 * named, which needs a permission of a screen that picks accounts (as the account picker does).
 */
async function scopeOf(deps: Deps, auth: AuthContext, q: DashboardQuery): Promise<repo.Scope> {
  const own = ownAccount(auth);
  if (own !== undefined) {
    if (q.accountId !== undefined && q.accountId !== own) throw forbidden();
    return own;
  }
  if (q.accountId === undefined) return undefined;
  if (!can(auth.permissions, ACCOUNT_PICKING_PERMISSIONS)) throw forbidden();
  if (!(await accountExists(deps.db, q.accountId))) throw notFound();
  return q.accountId;
}

/**
 * The chosen range's days (DASHBOARD_DAYS when none) on the viewer's clock, today included. Days
 * are cut at whole quarter hours, where the job counts are kept (every time zone in use is one).
 */
function windowOf(q: DashboardQuery, now = Date.now()): repo.Window & { firstDay: number; days: number } {
  const offsetMs = Math.round(((q.utcOffset ?? 0) * 60_000) / BUCKET_MS) * BUCKET_MS;
  const today = Math.floor((now + offsetMs) / DAY_MS);
  const days = q.range ? DASHBOARD_RANGE_DAYS[q.range] : DASHBOARD_DAYS;
  const firstDay = today - days + 1;
  return {
    firstDay,
    days,
    offsetMs,
    from: new Date(firstDay * DAY_MS - offsetMs),
    to: new Date((today + 1) * DAY_MS - offsetMs),
  };
}

const dayLabel = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const eachDay = (w: { firstDay: number; days: number }) => Array.from({ length: w.days }, (_, i) => w.firstDay + i);

/** The counts this server has not written yet go first, so its own latest jobs show. */
const countsWritten = (deps: Deps) => deps.jobCounts.flush().catch(() => undefined);

export async function totalStat(deps: Deps, auth: AuthContext, q: DashboardQuery): Promise<TotalStat> {
  const scope = await scopeOf(deps, auth, q);
  const w = windowOf(q);
  await countsWritten(deps);
  const [devices, today, period, accounts] = await Promise.all([
    repo.deviceTotals(deps.db, scope, dataOwner(auth)),
    repo.jobTotals(deps.db, scope, new Date(w.to.getTime() - DAY_MS), w.to, dataOwner(auth)),
    repo.jobTotals(deps.db, scope, w.from, w.to, dataOwner(auth)),
    scope === undefined
      ? Promise.all([countAccounts(deps.db), countAccounts(deps.db, true)]).then(([total, enabled]) => ({
          total,
          enabled,
        }))
      : null,
  ]);
  return { devices, accounts, today, period };
}

export async function businessStat(deps: Deps, auth: AuthContext, q: DashboardQuery): Promise<BusinessStat> {
  const scope = await scopeOf(deps, auth, q);
  const w = windowOf(q);
  await countsWritten(deps);
  const rows = await repo.jobsByDay(deps.db, scope, w, dataOwner(auth));
  return {
    days: eachDay(w).map((day) => {
      const of = rows.filter((r) => r.day === day);
      const kinds = Object.fromEntries(
        JOB_KINDS.map((k) => [k, of.filter((r) => r.kind === k).reduce((n, r) => n + r.requested, 0)]),
      ) as Record<(typeof JOB_KINDS)[number], number>;
      return {
        day: dayLabel(day),
        ...kinds,
        success: of.reduce((n, r) => n + r.success, 0),
        failed: of.reduce((n, r) => n + r.failed, 0),
      };
    }),
  };
}

export async function devicePhysicalStat(
  deps: Deps,
  auth: AuthContext,
  q: DashboardQuery,
): Promise<DevicePhysicalStat> {
  return repo.deviceStates(deps.db, await scopeOf(deps, auth, q), dataOwner(auth));
}

export async function deviceSessionStat(deps: Deps, auth: AuthContext, q: DashboardQuery): Promise<DeviceSessionStat> {
  const scope = await scopeOf(deps, auth, q);
  const w = windowOf(q);
  const s = await repo.sessionsByDay(deps.db, scope, w, dataOwner(auth));
  return {
    days: eachDay(w).map((day) => ({
      day: dayLabel(day),
      connected: s.connected.get(day) ?? 0,
      sessions: s.sessions.get(day) ?? 0,
      added: s.added.get(day) ?? 0,
      activated: s.activated.get(day) ?? 0,
    })),
  };
}

export async function modelStat(deps: Deps, auth: AuthContext, q: DashboardQuery): Promise<ModelStat> {
  const all = await repo.devicesByModel(deps.db, await scopeOf(deps, auth, q), dataOwner(auth));
  return {
    models: all.slice(0, DASHBOARD_MODELS),
    others: all.slice(DASHBOARD_MODELS).reduce((n, m) => n + m.count, 0),
  };
}

/**
 * The rankings name accounts and devices, so each needs the permission of the list that shows
 * them: the account list for accounts (operators, platform-wide), the device list for devices
 * (within one account, or platform-wide for operators).
 */
export async function accountStat(deps: Deps, auth: AuthContext, q: DashboardQuery): Promise<AccountStat> {
  const scope = await scopeOf(deps, auth, q);
  const w = windowOf(q);
  await countsWritten(deps);
  const [accounts, devices] = await Promise.all([
    scope === undefined && can(auth.permissions, 'herald.op.account.query')
      ? repo.topAccounts(deps.db, w.from, w.to)
      : null,
    // operators rank the platform's devices too: the busiest printers whatever their account
    can(auth.permissions, 'herald.device.physical.list.query')
      ? repo.topDevices(deps.db, scope, w.from, w.to, dataOwner(auth))
      : null,
  ]);
  return { accounts, devices };
}
