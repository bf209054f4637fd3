import { ALERT_KINDS, formatMessage, type AlertKind, type AlertPhase, type Locale } from '@herald/contract';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { RoundWorker } from '../../lib/workers';
import { hit } from '../../lib/shared-limits';
import { alertTitles } from './alert-title';
import * as alertRepo from './alert-repo';
import * as repo from './repo';

/** How often a server looks for digests whose window ended. */
const DIGEST_TICK_MS = 5_000;
const DIGEST_BATCH = 50;

type Device = { accountId: number; deviceId: number; sn: string };
type Change = { kind: AlertKind; phase: AlertPhase; detail: string | null };

/**
 * The flapping rule: the first `max` alerts of one kind for one device within a window (counted
 * in `shared_limits`, so across servers) are delivered as they come; the others of that window
 * are folded into one digest, delivered when the window ends. Returns the deliveries written now.
 */
export async function sendOrFold(deps: Pick<Deps, 'config'>, tx: Db, d: Device, c: Change, at: Date): Promise<number> {
  const { max, windowMs } = deps.config.alertDigest;
  const key = `alert:${d.deviceId}:${c.kind}`;
  if ((await hit(tx, key, windowMs, max)).allowed)
    return repo.deliverAlert(tx, { ...d, ...c }, alertTitles(c, d.sn), at, { consoleUrl: deps.config.publicUrl });
  await alertRepo.fold(tx, key, { ...d, ...c });
  return 0;
}

const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/**
 * Delivers the digests whose window has ended (at most one batch), each once: taken and
 * delivered in one transaction. A kind the account no longer wants is dropped. Returns the
 * deliveries written.
 */
export async function sendDueDigests(deps: Pick<Deps, 'db' | 'config'>, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    let sent = 0;
    for (const g of await alertRepo.takeDueDigests(tx, now, DIGEST_BATCH)) {
      const target = await repo.alertTarget(tx, g.deviceId);
      const wanted = (target?.alertKinds ?? ALERT_KINDS) as readonly string[];
      if (!target || target.accountId !== g.accountId || !wanted.includes(g.kind)) continue;
      const kind = g.kind as AlertKind;
      const last = alertTitles({ kind, phase: g.lastPhase as AlertPhase, detail: g.lastDetail }, g.sn);
      const window = {
        count: g.folded,
        from: minute(new Date(g.windowEndsAt.getTime() - deps.config.alertDigest.windowMs)),
        to: minute(g.windowEndsAt),
      };
      const title = (l: Locale) => formatMessage('alert.digest', l, { ...window, last: last[l] });
      sent += await repo.deliverAlert(
        tx,
        { accountId: g.accountId, deviceId: g.deviceId, sn: g.sn, kind, phase: 'digest', detail: g.lastDetail },
        { zh_CN: title('zh_CN'), en_US: title('en_US') },
        now,
        { consoleUrl: deps.config.publicUrl, digest: window },
      );
    }
    return sent;
  });
}

/** Every server sends due digests of flapping devices; each digest is taken by one of them. */
export function digestWorker(deps: Pick<Deps, 'db' | 'config'>): RoundWorker {
  return {
    name: 'alert digests',
    everyMs: DIGEST_TICK_MS,
    round: async () => {
      await sendDueDigests(deps);
    },
  };
}
