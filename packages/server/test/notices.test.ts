import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_CONTENT_MAX, PROTOCOL_VERSION, RETENTION_DAYS, UserStatus } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { accounts, deviceAlertStates, deviceAlerts, messages, notices, users } from '../src/db/schema';
import { purgeExpiredRecords } from '../src/housekeeping/purge';
import { raiseDeviceAlert } from '../src/modules/messages/alerts';
import { deviceRow, eventually, seedDevice, seedModel } from './devices-fixture';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { onlineInDb, simDevice } from './open-api-fixture';
import { auditLines, expectInvalid, uniq } from './people';

/**
 * Notices and in-app messages through the API: an operator's notice reaches the receivers of
 * its target accounts when published, each user reads and manages only their own inbox, an
 * account chooses its receivers and the device alerts it wants, and a simulated printer running
 * out of paper (the real device protocol on the embedded broker) raises an alert, once per change.
 */

type Account = Awaited<ReturnType<typeof seedAccount>>;
let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Account;
let B: Account;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.stop()));
  await server?.close();
});

const draft = async (body: Record<string, unknown>) =>
  expectOk(await op.post('/v1/notices', { title: `Notice ${uniq()}`, content: 'Line one\nLine two', ...body }));
const inbox = async (c: Client, q = '') =>
  expectOk(await c.get(`/v1/account-user-notice-msg/pageQuery?pageSize=200${q}`)) as {
    list: { id: number; title: string; category: string; read: boolean; noticeId: number | null; alert: unknown }[];
    total: number;
  };
const unread = async (c: Client) => expectOk(await c.get('/v1/account-user-notice-msg/queryUnreadStat'));
const messagesOfNotice = (noticeId: number) =>
  server.deps.db.select().from(messages).where(eq(messages.noticeId, noticeId));

describe('notices', () => {
  it('are written as drafts, checked, and deliver nothing until published', async () => {
    await expectInvalid(
      (c) => c.post('/v1/notices', { title: ' ', content: 'x', accountIds: [A.accountId] }),
      op,
      'Please input',
      '请输入',
      'title',
    );
    await expectInvalid(
      (c) => c.post('/v1/notices', { title: 'T', content: '', accountIds: [A.accountId] }),
      op,
      'Please input',
      '请输入',
      'content',
    );
    await expectInvalid(
      (c) => c.post('/v1/notices', { title: 'T', content: 'x', accountIds: [] }),
      op,
      'Choose at least one target account',
      '请至少选择一个目标账户',
      'accountIds',
    );
    await expectInvalid(
      (c) => c.post('/v1/notices', { title: 'T', content: 'x'.repeat(NOTICE_CONTENT_MAX + 1), allAccounts: true }),
      op,
      'Too long',
      '长度超出限制',
      'content',
    );
    await expectInvalid(
      (c) => c.post('/v1/notices', { title: 'T', content: 'x', accountIds: [2_147_483_000] }),
      op,
      'A target account does not exist',
      '目标账户不存在',
      'accountIds',
    );
    const before = await server.deps.db.select({ n: sql<number>`count(*)::int` }).from(notices);

    const n = await draft({ accountIds: [A.accountId, A.accountId] });
    expect(n).toMatchObject({ status: 0, allAccounts: false, recipientCount: 0, publishedAt: null });
    expect(n.accounts).toEqual([{ id: A.accountId, name: expect.any(String) }]);
    expect(n.createdBy).toBe('admin');
    expect(await messagesOfNotice(n.id)).toEqual([]);
    const after = await server.deps.db.select({ n: sql<number>`count(*)::int` }).from(notices);
    expect(after[0]!.n - before[0]!.n).toBe(1);

    // edited while a draft: retargeted to B, then emptied targets are refused and change nothing
    const edited = expectOk(await op.put(`/v1/notices/${n.id}`, { title: 'Renamed', accountIds: [B.accountId] }));
    expect(edited).toMatchObject({ title: 'Renamed', accounts: [{ id: B.accountId }] });
    expectError(await op.put(`/v1/notices/${n.id}`, { accountIds: [] }), 40010, 'Choose at least one target account');
    expectOk(await op.put(`/v1/notices/${n.id}`, { allAccounts: false, title: 'Again' }));
    expect(expectOk(await op.get(`/v1/notices/${n.id}`))).toMatchObject({
      title: 'Again',
      accounts: [{ id: B.accountId }],
    });

    const list = expectOk(await op.get(`/v1/notices?title=Again&status=0&pageSize=200`));
    expect(list.list.map((x: { id: number }) => x.id)).toContain(n.id);
    expect(expectOk(await op.get(`/v1/notices?title=Again&status=1`)).list).toEqual([]);

    expectOk(await op.delete(`/v1/notices/${n.id}`));
    expectError(await op.get(`/v1/notices/${n.id}`), 40004);
    expect(await auditLines(server, 'notice', 'delete', 'Again')).toHaveLength(1);
  });

  it('reach the receivers of their target accounts when published, once, and are then kept as sent', async () => {
    const n = await draft({ accountIds: [A.accountId] });
    const before = await unread(A.client);
    const published = expectOk(await op.post(`/v1/notices/${n.id}/publish`));
    expect(published).toMatchObject({ status: 1, recipientCount: 1, readCount: 0 });
    expect(published.publishedAt).not.toBeNull();

    // A's super-administrator (no receivers chosen yet) has it, B's does not
    const mine = (await inbox(A.client, '&category=system')).list.filter((m) => m.noticeId === n.id);
    expect(mine).toEqual([expect.objectContaining({ title: n.title, category: 'system', read: false, alert: null })]);
    expect((await inbox(B.client)).list.some((m) => m.noticeId === n.id)).toBe(false);
    const now = await unread(A.client);
    expect({ all: now.all - before.all, system: now.system - before.system, alert: now.alert - before.alert }).toEqual({
      all: 1,
      system: 1,
      alert: 0,
    });

    // published: no second delivery, no change, no deletion
    expectError(
      await op.post(`/v1/notices/${n.id}/publish`),
      40009,
      'The notice has been published and can no longer be changed',
    );
    expectError(await op.put(`/v1/notices/${n.id}`, { title: 'Changed' }), 40009);
    expectError(await op.delete(`/v1/notices/${n.id}`), 40009);
    expect(await messagesOfNotice(n.id)).toHaveLength(1);
    expect(await auditLines(server, 'notice', 'publish', n.title)).toHaveLength(1);

    // reading it counts on the notice
    expectOk(await A.client.get(`/v1/account-user-notice-msg/detail/${mine[0]!.id}`));
    expect(expectOk(await op.get(`/v1/notices/${n.id}`)).readCount).toBe(1);
  });

  it('for every account reach every enabled account, two publishes racing deliver once', async () => {
    const off = await seedAccount(server);
    await server.deps.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, off.accountId));
    const n = await draft({ allAccounts: true, accountIds: [] });
    const [a, b] = await Promise.all([op.post(`/v1/notices/${n.id}/publish`), op.post(`/v1/notices/${n.id}/publish`)]);
    expect([a.body.code, b.body.code].sort()).toEqual([20000, 40009]);
    const rows = await messagesOfNotice(n.id);
    const accountsWithIt = new Set(rows.map((r) => r.accountId));
    expect(accountsWithIt.has(A.accountId) && accountsWithIt.has(B.accountId)).toBe(true);
    // a disabled account's services are off
    expect(accountsWithIt.has(off.accountId)).toBe(false);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
    expect(expectOk(await op.get(`/v1/notices/${n.id}`)).recipientCount).toBe(rows.length);
  });

  it('are the operators’: an account user cannot list or write them', async () => {
    expectError(await A.client.get('/v1/notices'), 40003);
    expectError(await A.client.post('/v1/notices', { title: 'T', content: 'x', allAccounts: true }), 40003);
    const reader = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.op.notice', 'herald.op.notice.query'],
    });
    const n = await draft({ accountIds: [A.accountId] });
    expectOk(await reader.client.get(`/v1/notices/${n.id}`));
    expectError(await reader.client.post(`/v1/notices/${n.id}/publish`), 40003);
    expect(await messagesOfNotice(n.id)).toEqual([]);
  });
});

describe('the inbox', () => {
  it("is each user's own: read, mark read, mark all read, delete; another account's user reaches none of it", async () => {
    const C = await seedAccount(server);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const n = await draft({ accountIds: [C.accountId] });
      expectOk(await op.post(`/v1/notices/${n.id}/publish`));
    }
    const all = await inbox(C.client);
    expect(all.total).toBe(3);
    ids.push(...all.list.map((m) => m.id));
    expect(await unread(C.client)).toEqual({ all: 3, system: 3, alert: 0 });

    // B names C's messages: not found, and nothing changes
    expectError(await B.client.get(`/v1/account-user-notice-msg/detail/${ids[0]}`), 40004);
    expectOk(await B.client.post('/v1/account-user-notice-msg/markRead', { ids }));
    expectOk(await B.client.post('/v1/account-user-notice-msg/delete', { ids }));
    expectOk(await B.client.post('/v1/account-user-notice-msg/markReadAll'));
    expect(await unread(C.client)).toEqual({ all: 3, system: 3, alert: 0 });

    // reading one marks it read
    const one = expectOk(await C.client.get(`/v1/account-user-notice-msg/detail/${ids[0]}`));
    expect(one).toMatchObject({ id: ids[0], read: true, content: 'Line one\nLine two' });
    expect((await inbox(C.client, '&unread=true')).list.map((m) => m.id).sort()).toEqual(ids.slice(1).sort());
    expect((await inbox(C.client, '&unread=false')).list.map((m) => m.id)).toEqual([ids[0]]);

    expectOk(await C.client.post('/v1/account-user-notice-msg/markRead', { ids: [ids[1]] }));
    expect((await unread(C.client)).all).toBe(1);
    expectOk(await C.client.post('/v1/account-user-notice-msg/markReadAll', { category: 'alert' }));
    expect((await unread(C.client)).all).toBe(1);
    expectOk(await C.client.post('/v1/account-user-notice-msg/markReadAll', { category: 'system' }));
    expect(await unread(C.client)).toEqual({ all: 0, system: 0, alert: 0 });

    expectOk(await C.client.post('/v1/account-user-notice-msg/delete', { ids: [ids[0], ids[1]] }));
    expect((await inbox(C.client)).list.map((m) => m.id)).toEqual([ids[2]]);
    expectError(await C.client.get(`/v1/account-user-notice-msg/detail/${ids[0]}`), 40004);
  });

  it('refuses bad input with the spec’s messages and changes nothing', async () => {
    await expectInvalid(
      (c) => c.post('/v1/account-user-notice-msg/markRead', { ids: [] }),
      A.client,
      'Please select at least one record',
      '请至少选择一条记录',
    );
    for (const ids of [['1'], [0], [1.5], 'x', null]) {
      expectError(await A.client.post('/v1/account-user-notice-msg/delete', { ids }), 40010);
    }
    expectError(await A.client.get('/v1/account-user-notice-msg/pageQuery?category=spam'), 40010);
    expectError(await A.client.get('/v1/account-user-notice-msg/detail/abc'), 40010);
    expectError(
      await A.client.post('/v1/account-user-notice-msg/setNoticeMsgLanguage', { messageLanguage: 'xx' }),
      40010,
    );
    expectError(await A.client.post('/v1/account-user-notice-msg/markReadAll', { category: 'spam' }), 40010);
    expectOk(await A.client.post('/v1/account-user-notice-msg/setNoticeMsgLanguage', { messageLanguage: 'th' }));
    expect(expectOk(await A.client.get('/v1/account-user-notice-msg/queryNoticeMsgConfig'))).toEqual({
      messageLanguage: 'th',
      receiver: true,
    });
  });

  it('changes read marks, the language and the receivers by POST only: a GET (a prefetch, a followed link) changes nothing', async () => {
    const F = await seedAccount(server);
    const n = await draft({ accountIds: [F.accountId] });
    expectOk(await op.post(`/v1/notices/${n.id}/publish`));
    const before = {
      unread: await unread(F.client),
      config: expectOk(await F.client.get('/v1/account-user-notice-msg/queryNoticeMsgConfig')),
      receivers: expectOk(await F.client.get('/v1/account-user-notice-msg/queryAccountNoticeMsgReceiver')),
    };
    expect(before.unread.all).toBe(1);
    for (const url of [
      '/v1/account-user-notice-msg/markReadAll',
      '/v1/account-user-notice-msg/markReadAll?category=system',
      '/v1/account-user-notice-msg/setNoticeMsgLanguage?messageLanguage=th',
      `/v1/account-user-notice-msg/configAccountNoticeMsgReceiver?userIds=${F.adminId}`,
    ]) {
      const res = await F.client.get(url);
      expect(res.status, url).toBe(404);
      expectError(res, 40004);
    }
    expect(await unread(F.client)).toEqual(before.unread);
    expect(expectOk(await F.client.get('/v1/account-user-notice-msg/queryNoticeMsgConfig'))).toEqual(before.config);
    expect(expectOk(await F.client.get('/v1/account-user-notice-msg/queryAccountNoticeMsgReceiver'))).toEqual(
      before.receivers,
    );
    expect(await auditLines(server, 'notice', 'setting', F.username)).toHaveLength(0);
  });

  it("is an operator's too, with nothing of the accounts'", async () => {
    expect(await unread(op)).toEqual({ all: 0, system: 0, alert: 0 });
    expect(expectOk(await op.get('/v1/account-user-notice-msg/queryNoticeMsgConfig')).receiver).toBe(false);
  });
});

describe('an account’s receivers and alerts', () => {
  it('are chosen by the account among its enabled users, at least one; later notices follow the choice', async () => {
    const D = await seedAccount(server);
    const staff = await seedRoleUser(server, { side: 'ac', accountId: D.accountId, permissions: [] });
    const r0 = expectOk(await D.client.get('/v1/account-user-notice-msg/queryAccountNoticeMsgReceiver'));
    expect(r0.configured).toBe(false);
    expect(r0.receivers.map((u: { id: number }) => u.id)).toEqual([D.adminId]);
    expect(r0.candidates.map((u: { id: number }) => u.id).sort()).toEqual([D.adminId, staff.userId].sort());

    const config = (userIds: unknown) =>
      D.client.post('/v1/account-user-notice-msg/configAccountNoticeMsgReceiver', { userIds });
    await expectInvalid(
      (c) => c.post('/v1/account-user-notice-msg/configAccountNoticeMsgReceiver', { userIds: [] }),
      D.client,
      'Choose at least one message recipient',
      '请至少选择一个消息接收人',
    );
    for (const bad of ['x', [0], ['1'], null]) expectError(await config(bad), 40010);
    // B's administrator is no user of D
    expectError(await config([staff.userId, B.adminId]), 40010, 'A recipient is not an enabled user of this account');
    expect(expectOk(await D.client.get('/v1/account-user-notice-msg/queryAccountNoticeMsgReceiver')).configured).toBe(
      false,
    );

    const r1 = expectOk(await config([staff.userId]));
    expect(r1).toMatchObject({ configured: true, receivers: [{ id: staff.userId, username: staff.username }] });
    expect(await auditLines(server, 'notice', 'setting', staff.username)).toHaveLength(1);
    expect(expectOk(await staff.client.get('/v1/account-user-notice-msg/queryNoticeMsgConfig')).receiver).toBe(true);
    // a user without the user-administration permission may not change it
    expectError(
      await staff.client.post('/v1/account-user-notice-msg/configAccountNoticeMsgReceiver', {
        userIds: [staff.userId],
      }),
      40003,
    );

    const n = await draft({ accountIds: [D.accountId] });
    expectOk(await op.post(`/v1/notices/${n.id}/publish`));
    expect((await messagesOfNotice(n.id)).map((m) => m.userId)).toEqual([staff.userId]);
    expect((await inbox(D.client)).total).toBe(0);

    const both = expectOk(await config([staff.userId, D.adminId, staff.userId]));
    expect(both.receivers.map((u: { id: number }) => u.id).sort()).toEqual([D.adminId, staff.userId].sort());
    expectOk(await config([staff.userId]));

    // the chosen receiver disabled: nobody enabled is left, so the super-administrators receive again
    await server.deps.db.update(users).set({ status: UserStatus.DISABLED }).where(eq(users.id, staff.userId));
    expect(expectOk(await D.client.get('/v1/account-user-notice-msg/queryAccountNoticeMsgReceiver'))).toMatchObject({
      configured: false,
      receivers: [{ id: D.adminId }],
    });
    const m = await draft({ accountIds: [D.accountId] });
    expectOk(await op.post(`/v1/notices/${m.id}/publish`));
    expect((await messagesOfNotice(m.id)).map((x) => x.userId)).toEqual([D.adminId]);
  });

  it('raise a message when a simulated printer runs out of paper, once per change with its recovery, and only the kinds the account wants', async () => {
    const E = await seedAccount(server);
    const model = await seedModel(server);
    const mqttUrl = server.deps.gateway.endpoints().mqtt!;
    const printer = await seedDevice(server, E.accountId, model.id);
    const other = await seedDevice(server, E.accountId, model.id);
    const [p, o] = [simDevice(sims, mqttUrl, printer), simDevice(sims, mqttUrl, other)];
    for (const [v, d] of [
      [p, printer],
      [o, other],
    ] as const) {
      v.start();
      await onlineInDb(server, d.id);
    }

    expect(expectOk(await E.client.get('/v1/account/queryNoticeMsgConfig')).alertKinds).toContain('outOfPaper');
    // worded in the receiver's message language: Cantonese reads Chinese
    expectOk(await E.client.post('/v1/account-user-notice-msg/setNoticeMsgLanguage', { messageLanguage: 'yue' }));
    p.injectFault('paper-out');
    const alerts = async () => (await inbox(E.client, '&category=alert')).list;
    const [first] = await eventually(async () => ((await alerts()).length ? alerts() : undefined), 'the alert');
    expect(first).toMatchObject({
      category: 'alert',
      title: `打印机 ${printer.sn} 缺纸`,
      read: false,
      alert: { kind: 'outOfPaper', sn: printer.sn, deviceId: printer.id },
    });
    expect((await unread(E.client)).alert).toBe(1);

    // the paper comes back (a recovery) and runs out again (a second alert); the same state reported again raises nothing
    const state = async (want: string, d = printer) =>
      eventually(
        async () =>
          ((await deviceRow(server, d.id)).telemetry as { printer?: { state?: string } } | null)?.printer?.state ===
          want,
        want,
      );
    p.clearFault('paper-out');
    await state('normal');
    p.injectFault('paper-out');
    await state('outOfPaper');
    const paperTitles = async () =>
      (await alerts())
        .filter((m) => (m.alert as { kind: string }).kind === 'outOfPaper')
        .map((m) => [m.title, (m.alert as { phase: string }).phase]);
    await eventually(async () => (await paperTitles()).length === 3, 'the recovery and the second alert');
    expect(await paperTitles()).toEqual([
      [`打印机 ${printer.sn} 缺纸`, 'raised'],
      [`打印机 ${printer.sn} 已恢复供纸`, 'cleared'],
      [`打印机 ${printer.sn} 缺纸`, 'raised'],
    ]);
    const again = { v: PROTOCOL_VERSION, ts: Date.now(), type: 'printerState', printerState: 'outOfPaper' } as const;
    expect(await raiseDeviceAlert(server.deps, printer, again)).toBe(0);
    // another kind is another alert
    p.injectFault('low-battery');
    await eventually(
      async () => (await alerts()).some((m) => (m.alert as { kind: string }).kind === 'batteryLow'),
      'the battery alert',
    );
    const [states] = await server.deps.db
      .select({ active: deviceAlertStates.active })
      .from(deviceAlertStates)
      .where(eq(deviceAlertStates.deviceId, printer.id));
    expect(states!.active).toEqual(['batteryLow', 'outOfPaper']);
    expect(await paperTitles()).toHaveLength(3);

    // the account turns paper alerts off: the other printer's raises none
    await expectInvalid(
      (c) => c.post('/v1/account/setNoticeMsgReceive', { alertKinds: ['outOfPaper', 'spam'] }),
      E.client,
      'Incorrect format',
      '格式不正确',
    );
    expect(
      expectOk(await E.client.post('/v1/account/setNoticeMsgReceive', { alertKinds: ['fault', 'coverOpen'] })),
    ).toEqual({
      alertKinds: ['coverOpen', 'fault'],
    });
    o.injectFault('paper-out');
    await state('outOfPaper', other);
    o.clearFault('paper-out');
    o.injectFault('cover-open');
    await eventually(
      async () => (await alerts()).some((m) => (m.alert as { sn: string }).sn === other.sn),
      'the cover alert',
    );
    const ofOther = (await alerts()).filter((m) => (m.alert as { sn: string }).sn === other.sn);
    expect(ofOther.map((m) => (m.alert as { kind: string }).kind)).toEqual(['coverOpen']);
    // another account hears nothing of E's printers
    expect(
      (await inbox(B.client, '&category=alert')).list.some(
        (m) => (m.alert as { deviceId: number } | null)?.deviceId === printer.id,
      ),
    ).toBe(false);
  });
});

describe('the retention purge', () => {
  it('removes messages past the retention period and keeps newer ones', async () => {
    const db = server.deps.db;
    const old = new Date(Date.now() - (RETENTION_DAYS + 2) * 86_400_000);
    const rows = await db
      .insert(messages)
      .values([
        { userId: A.adminId, accountId: A.accountId, category: 'system', title: 'old', createdAt: old },
        { userId: A.adminId, accountId: A.accountId, category: 'system', title: 'new' },
      ])
      .returning();
    await db.insert(deviceAlerts).values({ deviceId: 2_000_000_000, kind: 'fault', raisedAt: old });
    await purgeExpiredRecords(db);
    const left = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        inArray(
          messages.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id)).toEqual([rows[1]!.id]);
    expect(
      await db
        .select()
        .from(deviceAlerts)
        .where(and(eq(deviceAlerts.deviceId, 2_000_000_000), eq(deviceAlerts.kind, 'fault'))),
    ).toEqual([]);
  });
});
