import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_SCOPE_MAX_ITEMS, TaskCreationStatus } from '@herald/contract';
import { poolOf } from '../src/db/client';
import { deviceGroups, devices, otaExecutions, otaTasks, pushResults, pushTasks } from '../src/db/schema';
import { takeInJoiner } from '../src/modules/ota-tasks/engine';
import { takeInPushJoiner } from '../src/modules/push-tasks/joiners';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel } from './devices-fixture';
import { seedFirmware } from './ota-fixture';
import { uniq } from './people';

/**
 * Every device that comes online while an upgrade or push task is live is checked against the
 * task's scope: is it a late joiner? A task may name up to TASK_SCOPE_MAX_ITEMS devices, and in a
 * campaign's days every device of it connects, again and again. The one-device check looks at that
 * device alone: it never sends the task's list of devices or S/Ns to the database (that made each
 * connect's check a statement of 10,000 parameters, built and planned anew: a campaign's whole
 * fleet reconnecting cost the square of its size).
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let A: Awaited<ReturnType<typeof seedAccount>>;
let modelId: number;
let firmwareId: number;
/** in every kind of scope below */
let inside: { id: number; sn: string };
/** in none of them but 'all' */
let outside: { id: number; sn: string };
let groupId: number;

/** Ids and S/Ns of devices that do not exist, to fill a scope to its limit. */
const others = (n: number) => Array.from({ length: n }, (_, i) => 10_000_000 + i);
const otherSns = (n: number) => Array.from({ length: n }, (_, i) => `NOSUCH${i}`);

/** The parameters of every statement the pool sends meanwhile (on any of its connections). */
async function parametersOf(run: () => Promise<unknown>): Promise<number[]> {
  type Pooled = { _clients: object[]; Client: { prototype: { query: (...args: unknown[]) => unknown } } };
  const pool = poolOf(server.deps.db)! as unknown as Pooled;
  const proto = pool.Client.prototype;
  const query = proto.query;
  const counts: number[] = [];
  proto.query = function (this: object, ...args: unknown[]) {
    const q = args[0] as { values?: unknown[] } | string;
    const values = typeof q === 'object' && q?.values ? q.values : Array.isArray(args[1]) ? args[1] : [];
    if (pool._clients.includes(this)) counts.push(values.length);
    return query.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = query;
  }
  return counts;
}

beforeAll(async () => {
  server = await startServer();
  A = await seedAccount(server);
  modelId = (await seedModel(server)).id;
  firmwareId = (await seedFirmware(server, { accountId: A.accountId, modelId, version: '9.0.0' })).id;
  const [g] = await server.deps.db
    .insert(deviceGroups)
    .values({ accountId: A.accountId, name: `G${uniq()}` })
    .returning();
  groupId = g!.id;
  inside = await seedDevice(server, A.accountId, modelId);
  await server.deps.db.update(devices).set({ groupId }).where(eq(devices.id, inside.id));
  outside = await seedDevice(server, A.accountId, modelId);
});
afterAll(async () => server?.close());

/** One task of each kind of scope holding `inside`, and one of an "own data only" user owning neither device. */
const SCOPES = () => [
  { scope: 'devices', deviceIds: [...others(TASK_SCOPE_MAX_ITEMS - 1), inside.id] },
  { scope: 'sn', sns: [...otherSns(TASK_SCOPE_MAX_ITEMS - 1), inside.sn] },
  { scope: 'group', groupIds: [groupId] },
  { scope: 'all' },
  { scope: 'all', scopeOwner: A.adminId, name: 'owned' },
];
const HOLDING = ['devices', 'sn', 'group', 'all'];

describe('late joiners, one device at a time', () => {
  it('upgrade tasks: the device joins the tasks whose scope holds it, and its check sends no list', async () => {
    const now = Date.now();
    const tasks = await server.deps.db
      .insert(otaTasks)
      .values(
        SCOPES().map((s) => ({
          accountId: A.accountId,
          name: `joiners ${s.scope} ${uniq()}`,
          type: 0,
          firmwareId,
          toVersion: '9.0.0',
          effectiveAt: new Date(now - 60_000),
          expireAt: new Date(now + 86_400_000),
          retries: 0,
          timeoutMinutes: 30,
          creationStatus: TaskCreationStatus.IN_PROGRESS,
          status: 2,
          ...s,
        })),
      )
      .returning({ id: otaTasks.id, scope: otaTasks.scope, owner: otaTasks.scopeOwner });

    for (const device of [inside, outside]) {
      const params = await parametersOf(() => takeInJoiner(server.deps, A.accountId, device.id));
      expect(Math.max(...params), `the largest statement for device ${device.sn}`).toBeLessThan(50);
    }
    const joined = await server.deps.db
      .select({ taskId: otaExecutions.taskId, deviceId: otaExecutions.deviceId })
      .from(otaExecutions);
    const mine = (scope: string) => tasks.find((t) => t.scope === scope && t.owner === null)!.id;
    expect(
      joined
        .filter((e) => e.deviceId === inside.id)
        .map((e) => e.taskId)
        .sort((a, b) => a - b),
    ).toEqual(HOLDING.map(mine));
    expect(
      joined
        .filter((e) => e.deviceId === outside.id)
        .map((e) => e.taskId)
        .sort((a, b) => a - b),
    ).toEqual([mine('all')]);

    // checked again (the next connect): nothing more
    await takeInJoiner(server.deps, A.accountId, inside.id);
    expect(await server.deps.db.$count(otaExecutions, eq(otaExecutions.deviceId, inside.id))).toBe(4);
  });

  it('push tasks: the same', async () => {
    const now = Date.now();
    const tasks = await server.deps.db
      .insert(pushTasks)
      .values(
        SCOPES().map((s) => ({
          accountId: A.accountId,
          name: `joiners ${s.scope} ${uniq()}`,
          type: 'message',
          message: 'hello',
          effectiveAt: new Date(now - 60_000),
          expireAt: new Date(now + 86_400_000),
          ttlHours: 24,
          status: 2,
          ...s,
        })),
      )
      .returning({ id: pushTasks.id, scope: pushTasks.scope, owner: pushTasks.scopeOwner });

    for (const device of [inside, outside]) {
      const params = await parametersOf(() => takeInPushJoiner(server.deps, A.accountId, device.id));
      expect(Math.max(...params), `the largest statement for device ${device.sn}`).toBeLessThan(50);
    }
    const joined = await server.deps.db
      .select({ taskId: pushResults.taskId, deviceId: pushResults.deviceId })
      .from(pushResults);
    const mine = (scope: string) => tasks.find((t) => t.scope === scope && t.owner === null)!.id;
    expect(
      joined
        .filter((r) => r.deviceId === inside.id)
        .map((r) => r.taskId)
        .sort((a, b) => a - b),
    ).toEqual(HOLDING.map(mine));
    expect(
      joined
        .filter((r) => r.deviceId === outside.id)
        .map((r) => r.taskId)
        .sort((a, b) => a - b),
    ).toEqual([mine('all')]);
  });
});
