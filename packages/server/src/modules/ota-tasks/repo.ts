import { and, asc, count, desc, eq, getTableColumns, gt, ilike, inArray, isNull, lte, lt, or, sql } from 'drizzle-orm';
import { ACTIVE_EXECUTION_STATES, DeviceStatus, TaskCreationStatus, type ExecutionState } from '@herald/contract';
import type { Db } from '../../db/client';
import { inText, inTextList, inTextStrings, named } from '../../db/named';
import { lockedInIdOrder } from '../../db/lock-order';
import {
  accounts,
  devices,
  firmwarePackages,
  otaExecutionEvents,
  otaExecutions,
  otaTasks,
  resourcePackages,
} from '../../db/schema';
import { ownedBy } from '../../lib/data-scope';
import { containsPattern } from '../../lib/filters';
import { countsByState } from '../task-scope/bookkeeping';
import { scopeHolds, withoutLists } from '../task-scope/scope';

export type TaskRow = typeof otaTasks.$inferSelect;
/** A task's row but its scope's lists: what the reads per device or per message get (withoutLists). */
export type TaskHead = Omit<TaskRow, 'deviceIds' | 'groupIds' | 'sns'>;
const taskHead = withoutLists(getTableColumns(otaTasks));
export type ExecRow = typeof otaExecutions.$inferSelect;
export type NewExec = typeof otaExecutions.$inferInsert;
type TaskSet = Partial<typeof otaTasks.$inferInsert>;
type ExecSet = Partial<typeof otaExecutions.$inferInsert>;
export type EventIn = { state: ExecutionState; reason?: string | null; message?: string | null };

const ACTIVE = [...ACTIVE_EXECUTION_STATES] as string[];
/** States in which the device holds an offer (the deadline runs). */
export const OFFERED = ['offered', 'downloading', 'verifying', 'installing'];
const activeSql = inTextStrings(ACTIVE);
const offeredSql = inTextStrings(OFFERED);

// ── tasks ────────────────────────────────────────────────────────────────

/**
 * Whether the engine's tick has anything to look at: a task not yet ended (being created, waiting
 * or in progress) or an execution still active (a cancelled or expired task's are ended with it,
 * but a check costs less than a doubt). On a platform with no upgrade going on, every step of a
 * tick (eight statements, two of them in a transaction) found nothing, every second on every node;
 * this one statement reads the two partial indexes (ota_tasks_live_idx, ota_executions_active_uq).
 */
export async function engineHasWork(db: Db): Promise<boolean> {
  const [row] = await named(
    db,
    'ota.engine-has-work',
    sql`select (exists (select 1 from ota_tasks where creation_status in (${inTextList([TaskCreationStatus.CREATING, TaskCreationStatus.NOT_STARTED, TaskCreationStatus.IN_PROGRESS])}))
      or exists (select 1 from ota_executions where state in (${activeSql}))) as busy`,
  );
  return row?.busy === true;
}

export async function insertTask(db: Db, values: typeof otaTasks.$inferInsert): Promise<TaskRow> {
  const [row] = await db.insert(otaTasks).values(values).returning();
  return row!;
}

export async function findTask(db: Db, id: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(otaTasks).where(eq(otaTasks.id, id));
  return row;
}

/** Update a task only while its creation status is one of `from` (claims the change among processes). */
export async function updateTaskIf(db: Db, id: number, from: number[], set: TaskSet): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(otaTasks)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(otaTasks.id, id), inArray(otaTasks.creationStatus, from)))
    .returning();
  return row;
}

export type TaskFilters = {
  accountId?: number;
  /** "own data only": the tasks this user made */
  createdBy?: number;
  name?: string;
  type?: number;
  status?: number;
  creationStatuses?: number[];
  sortField?: 'id' | 'effectiveAt' | 'createdAt';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

const packageName = sql<
  string | null
>`coalesce((select ${firmwarePackages.name} from ${firmwarePackages} where ${firmwarePackages.id} = ${otaTasks.firmwareId}), (select ${resourcePackages.name} from ${resourcePackages} where ${resourcePackages.id} = ${otaTasks.resourceId}))`;

const taskView = {
  task: otaTasks,
  accountName: accounts.name,
  packageName,
};
export type TaskView = { task: TaskRow; accountName: string | null; packageName: string | null };
/** A task in a list page: no scope lists (a page of twenty tasks carried up to 200,000 ids and S/Ns otherwise). */
export type TaskListView = Omit<TaskView, 'task'> & { task: TaskHead };
const taskListView = { ...taskView, task: taskHead };

export async function listTasks(db: Db, f: TaskFilters): Promise<{ rows: TaskListView[]; total: number }> {
  const where = and(
    f.accountId !== undefined ? eq(otaTasks.accountId, f.accountId) : undefined,
    ownedBy(otaTasks.createdBy, f.createdBy),
    f.name ? ilike(otaTasks.name, containsPattern(f.name)) : undefined,
    f.type !== undefined ? eq(otaTasks.type, f.type) : undefined,
    f.status !== undefined ? eq(otaTasks.status, f.status) : undefined,
    f.creationStatuses ? inArray(otaTasks.creationStatus, f.creationStatuses) : undefined,
  );
  const col = { id: otaTasks.id, effectiveAt: otaTasks.effectiveAt, createdAt: otaTasks.createdAt }[
    f.sortField ?? 'createdAt'
  ];
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(taskListView)
      .from(otaTasks)
      .leftJoin(accounts, eq(accounts.id, otaTasks.accountId))
      .where(where)
      .orderBy(dir(col), dir(otaTasks.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(otaTasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findTaskView(db: Db, id: number): Promise<TaskView | undefined> {
  const [row] = await db
    .select(taskView)
    .from(otaTasks)
    .leftJoin(accounts, eq(accounts.id, otaTasks.accountId))
    .where(eq(otaTasks.id, id));
  return row;
}

/** Executions per state, per task. */
export async function stateCounts(db: Db, taskIds: number[]): Promise<Map<number, Record<string, number>>> {
  if (!taskIds.length) return new Map();
  const rows = await db
    .select({ key: otaExecutions.taskId, state: otaExecutions.state, n: count() })
    .from(otaExecutions)
    .where(inArray(otaExecutions.taskId, taskIds))
    .groupBy(otaExecutions.taskId, otaExecutions.state);
  return countsByState(rows);
}

// ── engine: task lifecycle ───────────────────────────────────────────────

/** Tasks whose effective time came: not started → in progress. */
export async function startDueTasks(db: Db, now: Date): Promise<number[]> {
  // every tick while a task is live: named statements, the statuses in their text so that a generic
  // plan reads ota_tasks_live_idx (a status sent as a value cannot match the partial index's predicate)
  // a scheduled task whose every device dropped out before the start (deleted, taken by another
  // task's end, ...) has nothing to do: its creation failed ('No devices meet the upgrade conditions')
  await named(
    db,
    'ota.start-due.empty',
    sql`
    update ota_tasks t
       set creation_status = ${inText(TaskCreationStatus.CREATE_FAILED)}, status = 4, creation_note = 'noDevices',
           ended_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
     where t.creation_status = ${inText(TaskCreationStatus.NOT_STARTED)}
       and t.effective_at <= ${now.toISOString()}::timestamptz
       and not exists (select 1 from ota_executions e where e.task_id = t.id and e.state in (${activeSql}))`,
  );
  const rows = await named(
    db,
    'ota.start-due',
    sql`
    update ota_tasks
       set creation_status = ${inText(TaskCreationStatus.IN_PROGRESS)},
           started_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
     where creation_status = ${inText(TaskCreationStatus.NOT_STARTED)}
       and effective_at <= ${now.toISOString()}::timestamptz
    returning id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Tasks past their end of life: expired (the caller cancels what is still active). */
export async function expireDueTasks(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .update(otaTasks)
    .set({ creationStatus: TaskCreationStatus.EXPIRED, status: 6, endedAt: now, updatedAt: now })
    .where(
      and(
        inArray(otaTasks.creationStatus, [TaskCreationStatus.NOT_STARTED, TaskCreationStatus.IN_PROGRESS]),
        lte(otaTasks.expireAt, now),
      ),
    )
    .returning({ id: otaTasks.id });
  return rows.map((r) => r.id);
}

/**
 * In-progress tasks with nothing active left end: success when no execution ended failed,
 * timed out or cancelled, else failed. A task with abort criteria and no halt is left to the
 * campaign guard, which ends it with `only` once it has judged its final counts: its devices may
 * all have finished between two ticks, before the guard saw one (the abort and its alert would be lost).
 */
export async function finishDoneTasks(db: Db, now: Date, only?: { taskId: number }): Promise<number[]> {
  const which = only
    ? sql`t.id = ${only.taskId} and t.halt is null`
    : sql`(jsonb_array_length(t.abort_criteria) = 0 or t.halt is not null)`;
  // every tick while a task is live (one name per shape; a transaction's run is plain)
  const rows = await named(
    db,
    only ? 'ota.finish-done.one' : 'ota.finish-done',
    sql`
    update ota_tasks t
       set creation_status = ${inText(TaskCreationStatus.ENDED)},
           status = case when exists (
             select 1 from ota_executions e
              where e.task_id = t.id and e.state in ('failed', 'timedOut', 'cancelled')
           ) then 4 else 3 end,
           ended_at = ${now.toISOString()}::timestamptz,
           updated_at = ${now.toISOString()}::timestamptz
     where t.creation_status = ${inText(TaskCreationStatus.IN_PROGRESS)}
       and ${which}
       and not exists (select 1 from ota_executions e where e.task_id = t.id and e.state in (${activeSql}))
    returning t.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** A task has sent its first offer: pending push → upgrading. */
export async function markUpgrading(db: Db, taskId: number): Promise<void> {
  await db
    .update(otaTasks)
    .set({ status: 2, updatedAt: new Date() })
    .where(and(eq(otaTasks.id, taskId), eq(otaTasks.status, 1)));
}

type LiveWhere = { accountId?: number; scopes?: string[]; inProgress?: boolean };

/** The condition of a live task: not started or in progress (or only in progress), optionally of one account and scopes. */
const live = (where?: LiveWhere) =>
  and(
    // the statuses in the text: a named statement's generic plan can then read ota_tasks_live_idx
    sql`${otaTasks.creationStatus} in (${inTextList(
      where?.inProgress
        ? [TaskCreationStatus.IN_PROGRESS]
        : [TaskCreationStatus.NOT_STARTED, TaskCreationStatus.IN_PROGRESS],
    )})`,
    where?.accountId !== undefined ? eq(otaTasks.accountId, where.accountId) : undefined,
    where?.scopes ? inArray(otaTasks.scope, where.scopes) : undefined,
  );

/** Tasks that may still take devices in: not started or in progress (or only in progress); without their lists. */
export async function liveTasks(db: Db, where?: LiveWhere): Promise<TaskHead[]> {
  const q = db.select(taskHead).from(otaTasks).where(live(where));
  // at each device's connect (offerDue) and each tick: named per shape, but for a list of scopes
  if (where?.scopes) return q;
  return q
    .prepare(`ota.live-tasks.${where?.inProgress ? 'i' : ''}${where?.accountId !== undefined ? 'a' : ''}`)
    .execute();
}

/** liveTasks with their scopes' lists: for the engine's look for late joiners (a few times a minute). */
export async function liveTasksWithLists(db: Db, where?: LiveWhere): Promise<TaskRow[]> {
  return db.select().from(otaTasks).where(live(where));
}

/**
 * The account's live tasks whose scope holds the device and that have no execution of it: those
 * it joins (it just came online). One statement, and no task's list of devices leaves the database.
 */
export async function tasksTakingIn(db: Db, accountId: number, deviceId: number): Promise<TaskHead[]> {
  return db
    .select(taskHead)
    .from(otaTasks)
    .where(
      and(
        live({ accountId }),
        scopeHolds(otaTasks, deviceId),
        sql`not exists (select 1 from ${otaExecutions} e where e.task_id = ${otaTasks.id} and e.device_id = ${deviceId})`,
      ),
    )
    .prepare('ota.tasks-taking-in')
    .execute();
}

/** Whether the account has a live task (what liveTasks would find for it). */
export async function hasLiveTask(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db.select({ id: otaTasks.id }).from(otaTasks).where(live({ accountId })).limit(1);
  return !!row;
}

/** Device ids that already have an execution in the task. */
export async function executedDeviceIds(db: Db, taskId: number): Promise<Set<number>> {
  const rows = await db
    .select({ d: otaExecutions.deviceId })
    .from(otaExecutions)
    .where(eq(otaExecutions.taskId, taskId));
  return new Set(rows.map((r) => r.d));
}

// ── executions ───────────────────────────────────────────────────────────

/**
 * Insert executions; a row that would break a unique index (the device's active slot of this
 * kind is taken, or the device already has one in the task) is left out. Returns those inserted.
 */
export async function insertExecutions(db: Db, rows: NewExec[]): Promise<ExecRow[]> {
  if (!rows.length) return [];
  const out: ExecRow[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await db
        .insert(otaExecutions)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning()),
    );
  }
  return out;
}

export async function insertEvents(
  db: Db,
  rows: {
    executionId: number;
    taskId: number;
    attempt: number;
    state: string;
    reason?: string | null;
    message?: string | null;
    at?: Date;
  }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(otaExecutionEvents).values(rows.slice(i, i + 1000));
  }
}

const EXEC_COLUMNS: Record<string, string> = {
  state: 'state',
  reason: 'reason',
  message: 'message',
  attempt: 'attempt',
  offerId: 'offer_id',
  progress: 'progress',
  offeredAt: 'offered_at',
  deadlineAt: 'deadline_at',
  notBefore: 'not_before',
  finishedAt: 'finished_at',
};
const sqlValue = (v: unknown) =>
  v instanceof Date ? sql`${v.toISOString()}::timestamptz` : v === null || v === undefined ? sql`null` : sql`${v}`;

/**
 * Move one execution if it is still in one of `from` (and on `attempt`, when given), and write
 * the change(s) to its history — one statement, so it is atomic without a transaction's extra
 * round trips (device reports arrive by the hundred). False when another report or process got
 * there first.
 */
export async function transition(
  db: Db,
  id: number,
  guard: { from: string[]; attempt?: number },
  set: ExecSet,
  events: EventIn[],
  now = new Date(),
): Promise<boolean> {
  const changes = Object.entries(set).filter(([k, v]) => EXEC_COLUMNS[k] && v !== undefined);
  const assignments = changes.map(([k, v]) => sql`${sql.identifier(EXEC_COLUMNS[k]!)} = ${sqlValue(v)}`);
  assignments.push(sql`updated_at = ${sqlValue(now)}`);
  const at = sqlValue(now);
  const inserts = events.map(
    (e) => sql`select id, task_id, attempt, ${e.state}, ${e.reason ?? null}, ${e.message ?? null}, ${at} from u`,
  );
  const rows = await named(
    db,
    transitionName(changes, guard, events.length),
    sql`
    with u as (
      update ota_executions set ${sql.join(assignments, sql`, `)}
       where id = ${id} and state in (${sql.join(
         guard.from.map((f) => sql`${f}`),
         sql`, `,
       )})${guard.attempt !== undefined ? sql` and attempt = ${guard.attempt}` : sql``}
      returning id, task_id, attempt
    )${
      inserts.length
        ? sql`, ev as (
      insert into ota_execution_events (execution_id, task_id, attempt, state, reason, message, at)
      ${sql.join(inserts, sql` union all `)}
    )`
        : sql``
    }
    select id from u`,
  );
  return rows.length > 0;
}

const COLUMN_CODES = Object.fromEntries(Object.keys(EXEC_COLUMNS).map((k, i) => [k, String.fromCharCode(97 + i)]));
/**
 * A transition's statement name, one per text (db/named.ts): which columns it sets, in order, and
 * whether each is a time, a null or a value (sqlValue writes them differently), how many states it
 * moves from, whether it checks the attempt, how many history lines. The seven callers make a
 * dozen shapes; PostgreSQL's 63-byte limit on names is why the columns are letters.
 */
function transitionName(changes: [string, unknown][], guard: { from: string[]; attempt?: number }, events: number) {
  const cols = changes.map(([k, v]) => COLUMN_CODES[k]! + (v instanceof Date ? 'd' : v === null ? 'n' : 'v')).join('');
  return `ota.transition.${cols}.${guard.from.length}${guard.attempt !== undefined ? 'a' : ''}.${events}`;
}

/** Every still-active execution of a task becomes cancelled with `reason` (cancel, expiry). */
export async function cancelActive(
  db: Db,
  taskId: number,
  states: readonly string[],
  reason: string,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(otaExecutions)
      .set({ state: 'cancelled', reason, finishedAt: now, deadlineAt: null, updatedAt: now })
      .where(and(eq(otaExecutions.taskId, taskId), inArray(otaExecutions.state, [...states])))
      .returning({ id: otaExecutions.id, attempt: otaExecutions.attempt });
    await insertEvents(
      tx,
      rows.map((r) => ({ executionId: r.id, taskId, attempt: r.attempt, state: 'cancelled', reason, at: now })),
    );
    return rows.length;
  });
}

/**
 * Queued executions of tasks no longer live, with their history lines: a device joined (the
 * joiner read the task as live) in the moment the task ended, so its execution went in after the
 * end's "nothing active" check. Nothing was offered, but a queued execution holds the device's
 * slot (ota_executions_active_uq) for good: no later task could take the device. Removed, as if
 * the joiner had come a moment later, once a minute old (a joiner writes the execution and its
 * line in two statements; the minute keeps this from coming between them).
 */
export async function dropStrandedJoiners(db: Db, now: Date): Promise<number> {
  const live = [TaskCreationStatus.CREATING, TaskCreationStatus.NOT_STARTED, TaskCreationStatus.IN_PROGRESS];
  const { rows } = await db.execute(sql`
    with x as (
      select e.id from ota_executions e join ota_tasks t on t.id = e.task_id
       where e.state = 'queued' and e.attempt = 0 and t.creation_status not in (${inTextList(live)})
         and e.updated_at < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz
       -- locked: a row another process moved meanwhile (cancelled, with a new history line) is left out
       for update of e
    ), ev as (
      delete from ota_execution_events where execution_id in (select id from x)
    )
    delete from ota_executions where id in (select id from x) returning id`);
  return rows.length;
}

/** Active executions of devices deleted since become cancelled (`deviceDeleted`), with their history line. */
export async function cancelForDeletedDevices(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const { rows } = await db.execute<{ id: number }>(sql`
    with u as (
      update ota_executions e
         set state = 'cancelled', reason = 'deviceDeleted', deadline_at = null, finished_at = ${at}::timestamptz,
             updated_at = ${at}::timestamptz
        from devices d
       where d.id = e.device_id and d.status = ${DeviceStatus.DELETED} and e.state in (${activeSql})
      returning e.id, e.task_id, e.attempt
    ), ev as (
      insert into ota_execution_events (execution_id, task_id, attempt, state, reason, at)
      select id, task_id, attempt, 'cancelled', 'deviceDeleted', ${at}::timestamptz from u
    )
    select id from u`);
  return rows.length;
}

/**
 * Attempts that ran out of time, and retries whose device never came to take them. A retry whose
 * device is online is not overdue: only the task's pace holds it back, and it goes out in turn.
 */
export async function overdue(db: Db, now: Date, limit: number) {
  // the device's presence as a subquery rather than a join: this runs every second, and on the
  // embedded database with 5,000 devices a run of the join took 5-7 ms, mostly planning (EXPLAIN
  // ANALYZE: 1.9 ms to plan, 0.3 to run), and of the subquery 2-3 ms (measured side by side)
  const offline = sql`exists (select 1 from ${devices} d where d.id = ${otaExecutions.deviceId} and not d.online)`;
  // named (every tick while a task is live), the states in its text as the partial index names them
  return db
    .select({ exec: otaExecutions })
    .from(otaExecutions)
    .where(
      and(
        lt(otaExecutions.deadlineAt, now),
        or(sql`${otaExecutions.state} in (${offeredSql})`, and(sql`${otaExecutions.state} = 'queued'`, offline)),
      ),
    )
    .orderBy(otaExecutions.deadlineAt)
    .limit(limit)
    .prepare('ota.overdue')
    .execute();
}

/** A task's queued executions whose device is online and whose back-off has passed. */
export async function dueOffers(
  db: Db,
  now: Date,
  limit: number,
  where: { taskId: number; deviceId?: number; maxPhase?: number },
) {
  return (
    db
      .select({
        id: otaExecutions.id,
        lat: devices.lat,
        lng: devices.lng,
        firmwareVersion: devices.firmwareVersion,
        resources: sql<Record<string, string> | null>`${devices.telemetry} -> 'resources'`,
        accountTimeZone: sql<
          string | null
        >`(select ${accounts.timeZone} from ${accounts} where ${accounts.id} = ${otaExecutions.accountId})`,
      })
      .from(otaExecutions)
      .innerJoin(devices, eq(devices.id, otaExecutions.deviceId))
      .where(
        and(
          eq(otaExecutions.taskId, where.taskId),
          eq(otaExecutions.state, 'queued'),
          eq(devices.online, true),
          or(isNull(otaExecutions.notBefore), lte(otaExecutions.notBefore, now)),
          where.deviceId !== undefined ? eq(otaExecutions.deviceId, where.deviceId) : undefined,
          where.maxPhase !== undefined ? lte(otaExecutions.phase, where.maxPhase) : undefined,
        ),
      )
      .orderBy(otaExecutions.id)
      .limit(limit)
      // run at each device's connect: one name per shape of the conditions
      .prepare(`ota.due-offers.${where.deviceId !== undefined ? 'd' : ''}${where.maxPhase !== undefined ? 'p' : ''}`)
      .execute()
  );
}

/**
 * Claim queued executions of one task for a new attempt in one statement: queued → offered with
 * the next attempt's offer id and deadline, and the history line. Rows another process claimed
 * meanwhile are left out. Returns what to publish.
 */
export async function claimOffers(
  db: Db,
  taskId: number,
  ids: number[],
  now: Date,
  deadline: Date,
): Promise<{ id: number; attempt: number; offerId: string; sn: string }[]> {
  if (!ids.length) return [];
  const at = now.toISOString();
  const { rows } = await db.execute<{ id: number; attempt: number; offer_id: string; sn: string }>(sql`
    with u as (
      update ota_executions
         set state = 'offered', attempt = attempt + 1, offer_id = 'ota-' || id || '-' || (attempt + 1),
             offered_at = ${at}::timestamptz, deadline_at = ${deadline.toISOString()}::timestamptz,
             not_before = null, progress = null, reason = null, message = null, updated_at = ${at}::timestamptz
       where task_id = ${taskId} and state = 'queued' and id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})
      returning id, task_id, attempt, offer_id, device_id
    ), ev as (
      insert into ota_execution_events (execution_id, task_id, attempt, state, at)
      select id, task_id, attempt, 'offered', ${at}::timestamptz from u
    )
    select u.id, u.attempt, u.offer_id, d.sn from u join devices d on d.id = u.device_id`);
  return rows.map((r) => ({ id: Number(r.id), attempt: Number(r.attempt), offerId: r.offer_id, sn: r.sn }));
}

/** Offers a task sent since `since` (its pace is counted over the last minute). */
export async function offersSince(db: Db, taskId: number, since: Date): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(otaExecutionEvents)
    .where(
      and(
        eq(otaExecutionEvents.taskId, taskId),
        eq(otaExecutionEvents.state, 'offered'),
        gt(otaExecutionEvents.at, since),
      ),
    );
  return r?.n ?? 0;
}

export async function findByOffer(db: Db, deviceId: number, offerId: string) {
  const [row] = await db
    .select({ exec: otaExecutions, task: taskHead })
    .from(otaExecutions)
    .innerJoin(otaTasks, eq(otaTasks.id, otaExecutions.taskId))
    .where(and(eq(otaExecutions.offerId, offerId), eq(otaExecutions.deviceId, deviceId)))
    .prepare('ota.find-by-offer')
    .execute();
  return row;
}

/** A device's active executions with their tasks. */
export async function activeForDevice(db: Db, deviceId: number) {
  return db
    .select({ exec: otaExecutions, task: taskHead })
    .from(otaExecutions)
    .innerJoin(otaTasks, eq(otaTasks.id, otaExecutions.taskId))
    .where(and(eq(otaExecutions.deviceId, deviceId), sql`${otaExecutions.state} in (${activeSql})`))
    .prepare('ota.active-for-device')
    .execute();
}

const execView = {
  exec: otaExecutions,
  sn: devices.sn,
  deviceName: devices.name,
  online: devices.online,
};
export type ExecView = { exec: ExecRow; sn: string; deviceName: string | null; online: boolean };

export async function listExecutions(
  db: Db,
  taskId: number,
  f: { state?: string; sn?: string; limit: number; offset: number },
): Promise<{ rows: ExecView[]; total: number }> {
  const where = and(
    eq(otaExecutions.taskId, taskId),
    f.state ? eq(otaExecutions.state, f.state) : undefined,
    f.sn ? ilike(devices.sn, containsPattern(f.sn)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(execView)
      .from(otaExecutions)
      .innerJoin(devices, eq(devices.id, otaExecutions.deviceId))
      .where(where)
      .orderBy(asc(otaExecutions.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(otaExecutions)
      .innerJoin(devices, eq(devices.id, otaExecutions.deviceId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findExecutionView(db: Db, taskId: number, id: number): Promise<ExecView | undefined> {
  const [row] = await db
    .select(execView)
    .from(otaExecutions)
    .innerJoin(devices, eq(devices.id, otaExecutions.deviceId))
    .where(and(eq(otaExecutions.taskId, taskId), eq(otaExecutions.id, id)));
  return row;
}

export async function history(db: Db, executionId: number) {
  return db
    .select()
    .from(otaExecutionEvents)
    .where(eq(otaExecutionEvents.executionId, executionId))
    .orderBy(asc(otaExecutionEvents.id));
}

/** A task's state changes in order (the progress chart replays them). */
export async function taskEvents(db: Db, taskId: number) {
  return db
    .select({ executionId: otaExecutionEvents.executionId, state: otaExecutionEvents.state, at: otaExecutionEvents.at })
    .from(otaExecutionEvents)
    .where(eq(otaExecutionEvents.taskId, taskId))
    .orderBy(asc(otaExecutionEvents.at), asc(otaExecutionEvents.id));
}

// ── device versions ──────────────────────────────────────────────────────

/**
 * Keep the pack versions devices reported in telemetry.resources (their firmware column is
 * device-link's, written on every path that reports it). No write where nothing changed. Many
 * devices in one statement (Deps.resourceWrites), each device at most once.
 */
export async function storeResources(
  db: Db,
  items: { deviceId: number; resources: Record<string, string> }[],
): Promise<void> {
  const list = JSON.stringify(items.map((i) => ({ d: i.deviceId, r: i.resources })));
  // a named statement (db/named.ts), written out rather than built: every device reports its packs on each connect
  await named(
    db,
    'ota.store-resources',
    sql`with v as (select * from jsonb_to_recordset(${list}::jsonb) as v(d int, r jsonb)),
          l as materialized (${lockedInIdOrder(devices, sql`select v.d from v`)})
        update ${devices} d
           set telemetry = jsonb_set(coalesce(d.telemetry, '{}'::jsonb), '{resources}',
                                     coalesce(d.telemetry -> 'resources', '{}'::jsonb) || v.r)
          from v join l on l.id = v.d
         where d.id = v.d and not coalesce(d.telemetry -> 'resources', '{}'::jsonb) @> v.r`,
  );
}

export async function accountOfDevice(db: Db, deviceId: number): Promise<number | undefined> {
  const [row] = await db.select({ a: devices.accountId }).from(devices).where(eq(devices.id, deviceId));
  return row?.a ?? undefined;
}

/**
 * Offers a device has not answered (still `offered`, no ack moved it, no progress) since `before`,
 * of online devices: claimed for a re-send by moving `offered_at` forward. Same offer id, so a
 * device that did get the first copy ignores the second.
 */
export async function claimUnanswered(db: Db, taskId: number, before: Date, now: Date, limit: number) {
  const { rows } = await db.execute<{ offer_id: string; sn: string; deadline_at: string | Date }>(sql`
    update ota_executions e
       set offered_at = ${now.toISOString()}::timestamptz
      from devices d
     where e.id in (
             select x.id from ota_executions x join devices dd on dd.id = x.device_id
              where x.task_id = ${taskId} and x.state = 'offered' and dd.online
                and x.offered_at < ${before.toISOString()}::timestamptz
              order by x.id limit ${limit})
       and e.state = 'offered' and d.id = e.device_id
    returning e.offer_id, d.sn, e.deadline_at`);
  return rows.map((r) => ({ offerId: r.offer_id, sn: r.sn, deadlineAt: new Date(r.deadline_at) }));
}

// ── campaigns: phases, abort criteria, halts ─────────────────────────────

/** In-progress, offering tasks that have phases or abort criteria: the engine guards them each tick. */
export async function guardedTasks(db: Db): Promise<TaskHead[]> {
  return db
    .select(taskHead)
    .from(otaTasks)
    .where(
      and(
        eq(otaTasks.creationStatus, TaskCreationStatus.IN_PROGRESS),
        isNull(otaTasks.halt),
        sql`(jsonb_array_length(${otaTasks.phases}) > 1 or jsonb_array_length(${otaTasks.abortCriteria}) > 0)`,
      ),
    );
}

/**
 * Executions that ended in success or failure since `since` (all when null), by state; rollbacks
 * apart; and how many are still active (none: the counts are final).
 */
export async function finishedCounts(db: Db, taskId: number, since: Date | null) {
  const rows = await db
    .select({
      state: otaExecutions.state,
      rolledBack: sql<boolean>`coalesce(${otaExecutions.reason} = 'rolledBack', false)`,
      n: count(),
    })
    .from(otaExecutions)
    .where(
      and(
        eq(otaExecutions.taskId, taskId),
        or(
          and(
            inArray(otaExecutions.state, ['succeeded', 'failed', 'timedOut']),
            since ? sql`${otaExecutions.finishedAt} >= ${since.toISOString()}::timestamptz` : undefined,
          ),
          inArray(otaExecutions.state, ACTIVE),
        ),
      ),
    )
    .groupBy(otaExecutions.state, sql`2`);
  const c = { succeeded: 0, failed: 0, timedOut: 0, rolledBack: 0, active: 0 };
  for (const r of rows) {
    if (ACTIVE.includes(r.state)) c.active += r.n;
    else if (r.state === 'failed' && r.rolledBack) c.rolledBack += r.n;
    else c[r.state as 'succeeded' | 'failed' | 'timedOut'] += r.n;
  }
  return c;
}

/** Executions per phase and state. */
export async function phaseCounts(db: Db, taskId: number): Promise<Map<number, Record<string, number>>> {
  const rows = await db
    .select({ key: otaExecutions.phase, state: otaExecutions.state, n: count() })
    .from(otaExecutions)
    .where(eq(otaExecutions.taskId, taskId))
    .groupBy(otaExecutions.phase, otaExecutions.state);
  return countsByState(rows);
}

/**
 * Change an in-progress task only while its halt is one of `halts` (null: offering) and, when
 * given, its current phase is `phase`: the one statement that decides a promotion, an abort, a
 * pause or a resume among server processes.
 */
export async function updateCampaignIf(
  db: Db,
  id: number,
  guard: { halts: (string | null)[]; phase?: number; ended?: boolean },
  set: TaskSet,
): Promise<TaskRow | undefined> {
  const named = guard.halts.filter((h): h is string => h !== null);
  const [row] = await db
    .update(otaTasks)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(otaTasks.id, id),
        // ended: a task the campaign guard ended and judged in the same transaction
        eq(otaTasks.creationStatus, guard.ended ? TaskCreationStatus.ENDED : TaskCreationStatus.IN_PROGRESS),
        or(
          guard.halts.includes(null) ? isNull(otaTasks.halt) : undefined,
          named.length ? inArray(otaTasks.halt, named) : undefined,
        ),
        guard.phase !== undefined ? eq(otaTasks.currentPhase, guard.phase) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Whether any device of the task was offered the upgrade (a resumed task is upgrading, else pending push). */
export async function anyOffered(db: Db, taskId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: otaExecutions.id })
    .from(otaExecutions)
    .where(and(eq(otaExecutions.taskId, taskId), gt(otaExecutions.attempt, 0)))
    .limit(1);
  return !!row;
}

/**
 * An in-app system message to one user (the task's owner), worded in the user's message language
 * (Chinese for Mandarin and Cantonese readers, English for the others, as device alerts are).
 */
export async function messageUser(
  db: Db,
  userId: number,
  text: { title: Record<'zh_CN' | 'en_US', string>; content: Record<'zh_CN' | 'en_US', string> },
  at: Date,
): Promise<number> {
  const zh = sql`u.message_language in ('zh_CN', 'yue')`;
  const { rows } = await db.execute(sql`
    insert into messages (user_id, account_id, category, title, content, created_at)
    select u.id, u.account_id, 'system',
           case when ${zh} then ${text.title.zh_CN} else ${text.title.en_US} end,
           case when ${zh} then ${text.content.zh_CN} else ${text.content.en_US} end,
           ${at.toISOString()}::timestamptz
      from users u where u.id = ${userId}
    returning 1`);
  return rows.length;
}
