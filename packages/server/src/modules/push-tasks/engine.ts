import type { FastifyBaseLogger } from 'fastify';
import { PROTOCOL_VERSION, type ConfigMessage, type PrintParams } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import type { RoundWorker } from '../../lib/workers';
import { fileDownloadInfo } from '../files/service';
import { takeInPushJoiner, takeInPushJoiners } from './joiners';
import * as repo from './repo';
import { raisePushTask } from '../live/raise';

/** A message sent without an ack for this long goes again (same id: the device drops a repeat). */
export const RESEND_AFTER_MS = 2 * 60 * 1000;
const BATCH = 500;
/** Late joiners of 'all', 'group' and 'sn' tasks are looked for every this many passes. */
const JOIN_EVERY = 10;

/** One server's push engine: its log, and the pass running (a kick during it asks for one more). */
export type PushEngineState = {
  log: FastifyBaseLogger;
  running?: Promise<void>;
  again: boolean;
  passes: number;
  /** the server is stopping: a pass ends between two steps, and no other starts */
  stopping?: boolean;
};
export const newPushEngineState = (log: FastifyBaseLogger): PushEngineState => ({
  log: log.child({ module: 'push-tasks' }),
  again: false,
  passes: 0,
});

/**
 * The push engine: every PUSH_TICK_MS (config.pushTickMs) it starts due tasks, expires results past their task's
 * expiry, sends messages to online devices (and again when unacked for RESEND_AFTER_MS), and
 * ends tasks with nothing left open. Every step claims rows with a conditional update, so several
 * server processes may run it side by side. Its stop waits for the pass in progress (a kicked one too).
 */
export function pushEngine(deps: Deps): RoundWorker {
  return {
    name: 'push engine',
    everyMs: deps.config.pushTickMs,
    round: () => run(deps),
    stop: async (stopRounds) => {
      deps.pushEngine.stopping = true;
      await stopRounds();
      await deps.pushEngine.running;
    },
  };
}

/** Run a pass now (a task created to start at once need not wait for the timer). */
export function kick(deps: Deps): void {
  void run(deps);
}

/** One pass at a time per server; a kick during a pass runs one more after it. */
function run(deps: Deps): Promise<void> {
  const s = deps.pushEngine;
  if (s.running) {
    s.again = true;
    return s.running;
  }
  s.running = (async () => {
    do {
      s.again = false;
      await tick(deps, new Date(), s.passes++ % JOIN_EVERY === 0).catch((err: unknown) =>
        s.log.error({ err }, 'push engine pass failed'),
      );
    } while (s.again && !s.stopping);
  })().finally(() => (s.running = undefined));
  return s.running;
}

/**
 * One pass. A stopping server (`stopping`) ends it between two steps: each step claims its rows,
 * so the next pass, here or on another server, does the rest (on a saturated database each
 * statement waits seconds for its turn: issue 27).
 */
export async function tick(deps: Deps, now = new Date(), lookForJoiners = false): Promise<void> {
  const stopping = () => deps.pushEngine.stopping === true;
  if (stopping() || !(await repo.engineHasWork(deps.db))) return;
  const started = await repo.startDueTasks(deps.db, now);
  const expired = await repo.expireDue(deps.db, now);
  // a task over named devices ('devices') cannot gain any; the other scopes can
  if (lookForJoiners && !stopping()) {
    await takeInPushJoiners(deps, { scopes: ['all', 'group', 'sn'] }, now);
    await repo.dropStrandedJoiners(deps.db);
  }
  while (!stopping()) {
    const out = await repo.claimOutgoing(deps.db, {
      now,
      resendBefore: new Date(now.getTime() - RESEND_AFTER_MS),
      limit: BATCH,
    });
    await sendAll(deps, out);
    if (out.length < BATCH) break;
  }
  const finished = stopping() ? [] : await repo.finishDoneTasks(deps.db, now);
  await announceTasks(deps, [...started, ...finished], expired > 0);
}

/**
 * Tasks a pass started or finished, and (results expired) every pushing task: their pages hear
 * of it. A few tasks per pass; expiries are rare.
 */
async function announceTasks(deps: Deps, ids: number[], expired: boolean): Promise<void> {
  const tasks = new Map<number, number>();
  if (expired) for (const t of await repo.liveTaskIds(deps.db, new Date())) tasks.set(t.id, t.accountId);
  for (const id of ids) if (!tasks.has(id)) tasks.set(id, -1);
  for (const [taskId, accountId] of tasks) {
    const known = accountId >= 0 ? accountId : (await repo.findTaskView(deps.db, taskId))?.task.accountId;
    if (known !== undefined) raisePushTask(deps, { taskId, accountId: known });
  }
}

/** A device came online: it joins live tasks whose scope it is now in, and whatever is open goes out now. */
export async function flushDevice(deps: Deps, deviceId: number, accountId?: number): Promise<void> {
  const now = new Date();
  if (accountId !== undefined) await takeInPushJoiner(deps, accountId, deviceId, now);
  const out = await repo.claimOutgoing(deps.db, { now, resendBefore: now, deviceId, limit: BATCH });
  await sendAll(deps, out);
}

/** Files' signed URLs of one pass, by package or file id (signed once per pass, shared within it). */
type Signed = {
  resources: Map<number, Promise<NonNullable<ConfigMessage['resource']> | undefined>>;
  logos: Map<number, Promise<NonNullable<ConfigMessage['logo']>>>;
};

async function sendAll(deps: Deps, out: repo.Outgoing[]): Promise<void> {
  const signed: Signed = { resources: new Map(), logos: new Map() };
  for (const o of out) raisePushTask(deps, { taskId: o.task.id, accountId: o.task.accountId });
  for (const o of out) {
    try {
      const msg = await message(deps, o, signed);
      await deps.gateway.publish(o.sn, 'config', msg);
    } catch (err) {
      deps.pushEngine.log.warn({ err, sn: o.sn, result: o.result.id }, 'push message not sent');
      await repo.unclaim(deps.db, o.result.id);
    }
  }
}

/** The down/config message of one result. */
async function message(deps: Deps, o: repo.Outgoing, signed: Signed): Promise<ConfigMessage> {
  const t = o.task;
  const base = {
    v: PROTOCOL_VERSION,
    id: o.result.msgId!,
    ts: Date.now(),
    expireAt: t.expireAt.getTime(),
  } as const;
  if (t.type === 'config') return { ...base, type: 'config', config: (t.config ?? {}) as Partial<PrintParams> };
  if (t.type === 'message') return { ...base, type: 'message', message: t.message ?? '' };
  if (t.type === 'logo') {
    const id = t.logoFileId!;
    if (!signed.logos.has(id)) signed.logos.set(id, fileDownloadInfo(deps, id));
    return { ...base, type: 'logo', logo: await signed.logos.get(id)! };
  }
  const id = t.resourceId!;
  if (!signed.resources.has(id)) signed.resources.set(id, resourceOf(deps, id));
  const resource = await signed.resources.get(id);
  if (!resource) throw new Error(`resource package ${id} is gone`);
  return { ...base, type: 'resource', resource };
}

async function resourceOf(deps: Deps, id: number): Promise<NonNullable<ConfigMessage['resource']> | undefined> {
  const pkg = await repo.findResource(deps.db, id);
  if (!pkg) return undefined;
  const file = await fileDownloadInfo(deps, pkg.fileId);
  // a language pack installs under its language code, as upgrade tasks name it
  return { name: pkg.language ?? pkg.name, version: pkg.version, ...file };
}
