import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PushTaskStatus, type PushResultState } from '@herald/contract';
import type { Db } from '../../db/client';
import { inTextList, named } from '../../db/named';
import { accounts, devices, files, pushResults, pushTasks, resourcePackages } from '../../db/schema';
import { ownedBy } from '../../lib/data-scope';
import { containsPattern } from '../../lib/filters';
import { countsByState } from '../task-scope/bookkeeping';
import { scopeHolds, withoutLists } from '../task-scope/scope';

export type TaskRow = typeof pushTasks.$inferSelect;
/** A task's row but its scope's lists: what the reads per device or per message get (withoutLists). */
export type TaskHead = Omit<TaskRow, 'deviceIds' | 'groupIds' | 'sns'>;
const taskHead = withoutLists(getTableColumns(pushTasks));
export type ResultRow = typeof pushResults.$inferSelect;
export type TaskView = {
  task: TaskRow;
  accountName: string | null;
  resourceName: string | null;
  logoName: string | null;
  logoSize: number | null;
};

/** Results still waiting for the device: not yet sent, or sent without an ack. */
export const OPEN_STATES: PushResultState[] = ['pending', 'sent'];
/** Live tasks: waiting for their start, or pushing. */
const LIVE = [PushTaskStatus.PENDING, PushTaskStatus.PUSHING];

const resourceName = sql<string | null>`case when ${resourcePackages.id} is null then null
  else ${resourcePackages.name} || ' ' || ${resourcePackages.version} end`;

const viewColumns = {
  task: pushTasks,
  accountName: accounts.name,
  resourceName,
  logoName: files.name,
  logoSize: files.size,
};
const listColumns = { ...viewColumns, task: taskHead };

/** A task in a list page: no scope lists (a page of twenty tasks carried up to 200,000 ids and S/Ns otherwise). */
export type TaskListView = Omit<TaskView, 'task'> & { task: TaskHead };

const viewQuery = (db: Db) =>
  db
    .select(viewColumns)
    .from(pushTasks)
    .leftJoin(accounts, eq(accounts.id, pushTasks.accountId))
    .leftJoin(resourcePackages, eq(resourcePackages.id, pushTasks.resourceId))
    .leftJoin(files, eq(files.id, pushTasks.logoFileId));

/** viewQuery without the tasks' lists, for list pages (drizzle types a select's columns: written out twice). */
const listQuery = (db: Db) =>
  db
    .select(listColumns)
    .from(pushTasks)
    .leftJoin(accounts, eq(accounts.id, pushTasks.accountId))
    .leftJoin(resourcePackages, eq(resourcePackages.id, pushTasks.resourceId))
    .leftJoin(files, eq(files.id, pushTasks.logoFileId));

export const findResource = async (db: Db, id: number) =>
  (await db.select().from(resourcePackages).where(eq(resourcePackages.id, id)).limit(1))[0];

/** A task and one result per device (each with its own down/config message id). */
export async function insertTask(db: Db, values: typeof pushTasks.$inferInsert, deviceIds: number[]): Promise<TaskRow> {
  const [task] = await db.insert(pushTasks).values(values).returning();
  await addResults(db, task!.id, deviceIds);
  return task!;
}

export async function findTaskView(db: Db, id: number): Promise<TaskView | undefined> {
  return (await viewQuery(db).where(eq(pushTasks.id, id)).limit(1))[0];
}

export type ListFilter = {
  accountId?: number;
  /** "own data only": the tasks this user made */
  createdBy?: number;
  name?: string;
  type?: string;
  status?: number;
  sortField?: 'id' | 'effectiveAt' | 'expireAt' | 'createdAt';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

export async function listTasks(db: Db, f: ListFilter): Promise<{ rows: TaskListView[]; total: number }> {
  const where = and(
    f.accountId !== undefined ? eq(pushTasks.accountId, f.accountId) : undefined,
    ownedBy(pushTasks.createdBy, f.createdBy),
    f.name ? ilike(pushTasks.name, containsPattern(f.name)) : undefined,
    f.type ? eq(pushTasks.type, f.type) : undefined,
    f.status !== undefined ? eq(pushTasks.status, f.status) : undefined,
  );
  const col = {
    id: pushTasks.id,
    effectiveAt: pushTasks.effectiveAt,
    expireAt: pushTasks.expireAt,
    createdAt: pushTasks.createdAt,
  }[f.sortField ?? 'id'];
  const order = f.sortOrder === 'ascend' ? asc(col) : desc(col);
  const [rows, [total]] = await Promise.all([
    listQuery(db).where(where).orderBy(order, desc(pushTasks.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(pushTasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Results per state for each task. */
export async function countsFor(db: Db, taskIds: number[]): Promise<Map<number, Record<string, number>>> {
  if (!taskIds.length) return new Map();
  const rows = await db
    .select({ key: pushResults.taskId, state: pushResults.state, n: count() })
    .from(pushResults)
    .where(inArray(pushResults.taskId, taskIds))
    .groupBy(pushResults.taskId, pushResults.state);
  return countsByState(rows);
}

export async function listResults(
  db: Db,
  taskId: number,
  f: { state?: string; sn?: string; limit: number; offset: number },
) {
  const where = and(
    eq(pushResults.taskId, taskId),
    f.state ? eq(pushResults.state, f.state) : undefined,
    f.sn ? ilike(devices.sn, containsPattern(f.sn)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ result: pushResults, sn: devices.sn, deviceName: devices.name })
      .from(pushResults)
      .innerJoin(devices, eq(devices.id, pushResults.deviceId))
      .where(where)
      .orderBy(asc(pushResults.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(pushResults).innerJoin(devices, eq(devices.id, pushResults.deviceId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Cancel a live task: it ends at once, results not yet sent are cancelled. False when it had already ended. */
export async function cancelTask(db: Db, id: number, now: Date): Promise<boolean> {
  const done = await db
    .update(pushTasks)
    .set({ status: PushTaskStatus.CANCELLED, endedAt: now })
    .where(and(eq(pushTasks.id, id), inArray(pushTasks.status, LIVE)))
    .returning({ id: pushTasks.id });
  if (!done.length) return false;
  // a message already sent may still be applied: its ack is recorded; unacked it expires with the task
  await db
    .update(pushResults)
    .set({ state: 'cancelled', finishedAt: now })
    .where(and(eq(pushResults.taskId, id), eq(pushResults.state, 'pending')));
  return true;
}

// ── engine ────────────────────────────────────────────────────────────────

/**
 * Whether a pass has anything to look at: a task waiting or pushing, or a result still open (a
 * cancelled task's stay open until its expiry, which a pass records). With no push going on, a
 * pass's four statements found nothing every second on every node; this one reads two partial
 * indexes (push_tasks_live_idx, push_results_pending_idx).
 */
export async function engineHasWork(db: Db): Promise<boolean> {
  const [row] = await named(
    db,
    'push.engine-has-work',
    sql`select (exists (select 1 from push_tasks where status in (${inTextList([PushTaskStatus.PENDING, PushTaskStatus.PUSHING])}))
      or exists (select 1 from push_results where state in ('pending', 'sent'))) as busy`,
  );
  return row?.busy === true;
}

/** Tasks whose effective time has come start pushing. */
export async function startDueTasks(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .update(pushTasks)
    .set({ status: PushTaskStatus.PUSHING })
    .where(and(eq(pushTasks.status, PushTaskStatus.PENDING), lte(pushTasks.effectiveAt, now)))
    .returning({ id: pushTasks.id });
  return rows.map((r) => r.id);
}

/** Results past their task's expiry that never got an ack (any task status: cancelled ones too). */
export async function expireDue(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(pushResults)
    .set({ state: 'expired', finishedAt: now })
    .where(
      and(
        inArray(pushResults.state, OPEN_STATES),
        sql`${pushResults.taskId} in (select ${pushTasks.id} from ${pushTasks} where ${pushTasks.expireAt} <= ${tsz(now)})`,
      ),
    )
    .returning({ id: pushResults.id });
  return rows.length;
}

/**
 * Never-sent results of tasks that ended done (success or failed): a device joined (the joiner
 * read the task as live) in the moment the task's last result settled, so its result went in
 * after the end's "nothing open" check. It would never be sent (claims send for pushing tasks
 * only) and kept the engine busy until the task's expiry. Removed, as if the joiner had come a
 * moment later. (A cancelled task's open results wait for its expiry on purpose: expireDue.)
 */
export async function dropStrandedJoiners(db: Db): Promise<number> {
  const { rows } = await db.execute(sql`
    delete from push_results r using push_tasks t
     where t.id = r.task_id and r.state = 'pending' and r.sent_at is null
       and t.status in (${inTextList([PushTaskStatus.SUCCESS, PushTaskStatus.FAILED])})
    returning r.id`);
  return rows.length;
}

/** Pushing tasks (or the one task) with nothing open left end: 3 when every device succeeded, else 4. */
export async function finishDoneTasks(db: Db, now: Date, taskId?: number): Promise<number[]> {
  const rows = await db
    .update(pushTasks)
    .set({
      status: sql`case when exists (select 1 from ${pushResults} r where r.task_id = ${pushTasks.id}
        and r.state <> 'succeeded') then ${PushTaskStatus.FAILED}::smallint else ${PushTaskStatus.SUCCESS}::smallint end`,
      endedAt: now,
    })
    .where(
      and(
        eq(pushTasks.status, PushTaskStatus.PUSHING),
        taskId === undefined ? undefined : eq(pushTasks.id, taskId),
        sql`not exists (select 1 from ${pushResults} r where r.task_id = ${pushTasks.id}
          and r.state in ('pending', 'sent'))`,
      ),
    )
    .returning({ id: pushTasks.id });
  return rows.map((r) => r.id);
}

type LiveWhere = { accountId?: number; scopes?: string[] };

/** Live tasks: waiting or pushing, not expired; optionally of one account and scopes. */
const live = (now: Date, where: LiveWhere) =>
  and(
    // the statuses in the text: a named statement's generic plan can then read push_tasks_live_idx
    sql`${pushTasks.status} in (${inTextList(LIVE)})`,
    sql`${pushTasks.expireAt} > ${tsz(now)}`,
    where.accountId !== undefined ? eq(pushTasks.accountId, where.accountId) : undefined,
    where.scopes ? inArray(pushTasks.scope, where.scopes) : undefined,
  );

/** Live tasks that may take devices in, optionally of one account and scopes, with their scopes' lists. */
export async function liveTasksWithLists(db: Db, now: Date, where: LiveWhere): Promise<TaskRow[]> {
  return db.select().from(pushTasks).where(live(now, where));
}

/** The ids and accounts of the live tasks. */
export async function liveTaskIds(db: Db, now: Date): Promise<{ id: number; accountId: number }[]> {
  return db.select({ id: pushTasks.id, accountId: pushTasks.accountId }).from(pushTasks).where(live(now, {}));
}

/** The account's live tasks whose scope holds the device and that have no result of it (scopeHolds). */
export async function taskIdsTakingIn(db: Db, now: Date, accountId: number, deviceId: number): Promise<number[]> {
  const rows = await db
    .select({ id: pushTasks.id })
    .from(pushTasks)
    .where(
      and(
        live(now, { accountId }),
        scopeHolds(pushTasks, deviceId),
        sql`not exists (select 1 from ${pushResults} r where r.task_id = ${pushTasks.id} and r.device_id = ${deviceId})`,
      ),
    )
    // at every connect of a device of an account with a live task, and at each flush: parsed once
    .prepare('push.task-ids-taking-in')
    .execute();
  return rows.map((r) => r.id);
}

/** Whether the account has a live task (what liveTasks would find for it). */
export async function hasLiveTask(db: Db, accountId: number, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: pushTasks.id }).from(pushTasks).where(live(now, { accountId })).limit(1);
  return !!row;
}

/**
 * One result per device (each with its own down/config message id), at creation and for devices
 * that joined the task's scope later; a device it already has is left alone. Returns how many.
 */
export async function addResults(db: Db, taskId: number, deviceIds: number[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < deviceIds.length; i += 1000) {
    const rows = await db
      .insert(pushResults)
      .values(deviceIds.slice(i, i + 1000).map((deviceId) => ({ taskId, deviceId, msgId: randomUUID() })))
      .onConflictDoNothing()
      .returning({ id: pushResults.id });
    added += rows.length;
  }
  return added;
}

/** Device ids a task already has a result for. */
export async function resultDeviceIds(db: Db, taskId: number): Promise<Set<number>> {
  const rows = await db.select({ d: pushResults.deviceId }).from(pushResults).where(eq(pushResults.taskId, taskId));
  return new Set(rows.map((r) => r.d));
}

/** A message to send: the result, its task and the device's S/N. */
export type Outgoing = { result: ResultRow; task: TaskHead; sn: string };

/**
 * Claim messages to send to online devices of pushing tasks and mark them sent: results never
 * sent, and results sent before `resendBefore` without an ack (sent again with the same id).
 * The conditional update makes each claim once, even with several server processes.
 */
export async function claimOutgoing(
  db: Db,
  opts: { now: Date; resendBefore: Date; deviceId?: number; limit: number },
): Promise<Outgoing[]> {
  const due: SQL = opts.deviceId
    ? // the device just came online: whatever is open goes again (a clean session lost the rest)
      sql`r.state in ('pending', 'sent')`
    : sql`(r.state = 'pending' or (r.state = 'sent' and r.sent_at < ${tsz(opts.resendBefore)}))`;
  const picked = await db.execute<{ id: number }>(sql`
    select r.id from ${pushResults} r
      join ${pushTasks} t on t.id = r.task_id
      join ${devices} d on d.id = r.device_id
    where ${due} and t.status = ${PushTaskStatus.PUSHING} and t.expire_at > ${tsz(opts.now)}
      ${opts.deviceId ? sql`and r.device_id = ${opts.deviceId}` : sql`and d.online`}
    order by r.id
    limit ${opts.limit}`);
  const ids = picked.rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  const claimed = await db
    .update(pushResults)
    .set({ state: 'sent', sentAt: opts.now })
    .where(
      and(
        inArray(pushResults.id, ids),
        inArray(pushResults.state, OPEN_STATES),
        // a concurrent claim of the same row already moved its sent_at forward
        opts.deviceId
          ? undefined
          : sql`(${pushResults.state} = 'pending' or ${pushResults.sentAt} < ${tsz(opts.resendBefore)})`,
      ),
    )
    .returning();
  if (!claimed.length) return [];
  const rows = await db
    .select({ result: pushResults, task: taskHead, sn: devices.sn })
    .from(pushResults)
    .innerJoin(pushTasks, eq(pushTasks.id, pushResults.taskId))
    .innerJoin(devices, eq(devices.id, pushResults.deviceId))
    .where(
      inArray(
        pushResults.id,
        claimed.map((c) => c.id),
      ),
    )
    .orderBy(asc(pushResults.id));
  return rows;
}

/** A send that failed at the gateway: back to pending, so the next tick or the next connect tries again. */
export async function unclaim(db: Db, resultId: number): Promise<void> {
  await db
    .update(pushResults)
    .set({ state: 'pending', sentAt: null })
    .where(and(eq(pushResults.id, resultId), eq(pushResults.state, 'sent')));
}

/** A time as a parameter of raw SQL (drivers differ in how they pass a Date). */
const tsz = (d: Date) => sql`${d.toISOString()}::timestamptz`;

// ── acks ──────────────────────────────────────────────────────────────────

export async function findByMsg(db: Db, deviceId: number, msgId: string) {
  const [row] = await db
    .select({ result: pushResults, task: taskHead })
    .from(pushResults)
    .innerJoin(pushTasks, eq(pushTasks.id, pushResults.taskId))
    .where(and(eq(pushResults.msgId, msgId), eq(pushResults.deviceId, deviceId)))
    .limit(1)
    // every ack of a push message
    .prepare('push.find-by-msg')
    .execute();
  return row;
}

/** Record the device's answer once (open results only); false for a repeated or late ack. */
export async function settle(
  db: Db,
  resultId: number,
  v: { state: 'succeeded' | 'failed'; ackCode: string; message: string | null; latencyMs: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(pushResults)
    .set({ state: v.state, ackCode: v.ackCode, message: v.message, latencyMs: v.latencyMs, finishedAt: v.at })
    .where(and(eq(pushResults.id, resultId), inArray(pushResults.state, OPEN_STATES)))
    .returning({ id: pushResults.id });
  return rows.length > 0;
}

export async function devicePrintParams(db: Db, deviceId: number): Promise<Record<string, unknown> | undefined> {
  const [d] = await db.select({ p: devices.printParams }).from(devices).where(eq(devices.id, deviceId));
  return (d?.p ?? undefined) as Record<string, unknown> | undefined;
}

export async function setPrintParams(db: Db, deviceId: number, params: Record<string, unknown>): Promise<void> {
  await db.update(devices).set({ printParams: params }).where(eq(devices.id, deviceId));
}
