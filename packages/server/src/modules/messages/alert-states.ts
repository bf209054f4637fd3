import {
  ALERT_KINDS,
  BATTERY_LOW_PERCENT_DEFAULT,
  BATTERY_LOW_PERCENT_MAX,
  type AlertKind,
  type AlertPhase,
  type BatteryState,
  type PrinterState,
  type StateAlertKind,
} from '@herald/contract';
import type { Db } from '../../db/client';
import { batchInRounds } from '../../lib/batcher';
import type { Deps } from '../../lib/deps';
import { sendOrFold } from './alert-digest';
import * as alertRepo from './alert-repo';
import * as repo from './repo';

/** Deliveries written, and the account they went to (null: none was read). */
export type Raised = { sent: number; accountId: number | null };
export const NONE: Raised = { sent: 0, accountId: null };

/** What a device said about its state, in telemetry or an event; `ts` is the device's own time. */
export type StateReport = {
  ts: number;
  printerState?: PrinterState;
  battery?: { level: number; state: BatteryState };
};

const PRINTER_KINDS = ['outOfPaper', 'overheating', 'coverOpen', 'otherException'] as const;
const LOW_BATTERY = new Set<BatteryState>(['low', 'extremelyLow', 'depleted']);
/** A battery being charged, or full, is not running out whatever its level says. */
const CHARGING = new Set<BatteryState>(['charging', 'full']);

/**
 * A battery is low when the device says so, or when its level is at or below the account's
 * threshold while not charging: speakers report "sufficient" down to a few per cent.
 */
export const batteryLow = (b: { level: number; state: BatteryState }, lowPercent: number) =>
  LOW_BATTERY.has(b.state) || (!CHARGING.has(b.state) && b.level <= lowPercent);

/**
 * A report is ordered by the device's time, but never put later than this past its arrival: a
 * device whose clock runs ahead (or one report with a wild `ts`) would otherwise hold its states
 * still until real time caught up with it.
 */
const AHEAD_MS = 60_000;

/** Whether the battery's verdict depends on the account's threshold (it is asked only then). */
const needsThreshold = (b: { level: number; state: BatteryState } | undefined) =>
  !!b && !LOW_BATTERY.has(b.state) && !CHARGING.has(b.state) && b.level <= BATTERY_LOW_PERCENT_MAX;

/** The state kinds a report speaks about, and those of them it puts the device in. */
export function statesOf(r: StateReport, lowPercent: number): { reported: StateAlertKind[]; active: StateAlertKind[] } {
  const reported: StateAlertKind[] = [];
  const active: StateAlertKind[] = [];
  if (r.printerState) {
    reported.push(...PRINTER_KINDS);
    if (r.printerState !== 'normal') active.push(r.printerState);
  }
  if (r.battery) {
    reported.push('batteryLow');
    if (batteryLow(r.battery, lowPercent)) active.push('batteryLow');
  }
  return { reported, active };
}

/**
 * Raises the alerts a device's report starts and the recoveries it brings: one per change of
 * state, however the report arrived (telemetry or event) and whichever server handles it. The
 * device's last states are one row swapped by one upsert (alert-repo.ts), in the transaction that
 * delivers, so a delivery that fails leaves the change to the next report. Returns the
 * deliveries written (folded alerts count none: they go out in the window's digest) and the
 * account they went to, read on the way, so the caller tells its consoles without a second read.
 */
export async function raiseStateAlerts(
  deps: Pick<Deps, 'db' | 'config' | 'alertStateSwaps'>,
  device: { id: number; sn: string },
  report: StateReport,
  at = new Date(),
): Promise<Raised> {
  if (!report.printerState && !report.battery) return NONE;
  const lowPercent = needsThreshold(report.battery)
    ? ((await alertRepo.batteryLowPercent(deps.db, device.id)) ?? BATTERY_LOW_PERCENT_DEFAULT)
    : BATTERY_LOW_PERCENT_DEFAULT;
  const { reported, active } = statesOf(report, lowPercent);
  const reportedAt = new Date(Math.min(report.ts, at.getTime() + AHEAD_MS));
  // nearly every report changes nothing (each telemetry repeats the states): recorded with those of
  // the same moment, in one statement; only a change opens the transaction that delivers it
  if (await deps.alertStateSwaps.add({ deviceId: device.id, reported, active, reportedAt })) return NONE;
  return deps.db.transaction(async (tx) => {
    const swap = await alertRepo.swapStates(tx, device.id, reported, active, reportedAt);
    if (!swap) return NONE;
    const changes: { kind: StateAlertKind; phase: AlertPhase }[] = [
      ...swap.prev.filter((k) => !swap.active.includes(k)).map((kind) => ({ kind, phase: 'cleared' as const })),
      ...swap.active.filter((k) => !swap.prev.includes(k)).map((kind) => ({ kind, phase: 'raised' as const })),
    ];
    if (changes.length === 0) return NONE;
    const detail = report.battery ? `${report.battery.level}%` : null;
    return deliverChanges(
      deps,
      tx,
      device,
      changes.map((c) => ({ ...c, detail: c.kind === 'batteryLow' ? detail : null })),
      at,
    );
  });
}

/**
 * Reports that change no state, recorded many devices at a time (alertRepo.recordUnchanged), for
 * Deps.alertStateSwaps: answers true for a report recorded, false for one that must be swapped in
 * its delivering transaction. A device named twice in one batch goes in a second round, after the
 * first; at most 2 ms of waiting, none when reports are rare (the Batcher's quiet rule).
 */
export const newStateSwaps = (db: Db) =>
  batchInRounds<alertRepo.StateSwap, boolean>(
    (s) => s.deviceId,
    async (round) => {
      const recorded = await alertRepo.recordUnchanged(db, round);
      return round.map((s) => recorded.has(s.deviceId));
    },
  );

export type StateSwaps = ReturnType<typeof newStateSwaps>;

/** Sends (or folds into a digest) each change of a kind the device's account wants, in `tx`. */
export async function deliverChanges(
  deps: Pick<Deps, 'config'>,
  tx: Db,
  device: { id: number; sn: string },
  changes: { kind: AlertKind; phase: AlertPhase; detail: string | null }[],
  at: Date,
): Promise<Raised> {
  const target = await repo.alertTarget(tx, device.id);
  if (!target) return NONE;
  const wanted = (target.alertKinds ?? ALERT_KINDS) as readonly string[];
  let sent = 0;
  for (const c of changes) {
    if (!wanted.includes(c.kind)) continue;
    sent += await sendOrFold(deps, tx, { accountId: target.accountId, deviceId: device.id, sn: device.sn }, c, at);
  }
  return { sent, accountId: target.accountId };
}
