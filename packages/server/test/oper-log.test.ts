import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mails, operLogs } from '../src/db/schema';
import { startJobs } from '../src/housekeeping';
import { purgeExpiredRecords } from '../src/housekeeping/purge';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { auditLines } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let admin: Client;
let shopA: Awaited<ReturnType<typeof seedAccount>>;
let shopB: Awaited<ReturnType<typeof seedAccount>>;
let opNoLog: Client;
let acNoLog: Client;
let acQueryOnly: Client;
const tag = `t${Date.now().toString(36)}`;

type Entry = {
  id: number;
  accountId: number | null;
  accountName: string | null;
  username: string;
  module: string;
  type: string;
  description: string;
  createdAt: string;
};

/** RFC 4180 reader: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

async function download(c: Client, query: string) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/v1/file/recordDownloadOperLog?${query}`,
    headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
  });
  return res;
}

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server);
  shopA = await seedAccount(server);
  shopB = await seedAccount(server);
  opNoLog = (await seedRoleUser(server, { side: 'op', permissions: ['herald.op.account', 'herald.op.account.query'] }))
    .client;
  acNoLog = (
    await seedRoleUser(server, {
      side: 'ac',
      accountId: shopA.accountId,
      permissions: ['herald.admin.ac.user', 'herald.admin.ac.user.query'],
    })
  ).client;
  acQueryOnly = (
    await seedRoleUser(server, {
      side: 'ac',
      accountId: shopA.accountId,
      permissions: ['herald.oper.log', 'herald.oper.log.query'],
    })
  ).client;

  const db = server.deps.db;
  const day = (d: number) => new Date(Date.UTC(2025, 0, d, 12));
  await db.insert(operLogs).values([
    {
      accountId: null,
      username: `${tag}-op`,
      module: 'account',
      type: 'add',
      description: 'operator entry',
      createdAt: day(10),
    },
    {
      accountId: shopA.accountId,
      username: `${tag}-alice`,
      module: 'user',
      type: 'add',
      description: 'A early',
      createdAt: day(11),
    },
    {
      accountId: shopA.accountId,
      username: `${tag}-alice`,
      module: 'role',
      type: 'edit',
      description: '=HYPERLINK("http://evil","x"), "quoted"',
      ip: '10.0.0.1',
      createdAt: day(12),
    },
    {
      accountId: shopB.accountId,
      username: `${tag}-bob`,
      module: 'user',
      type: 'delete',
      description: 'B entry',
      createdAt: day(13),
    },
  ]);
});
afterAll(async () => server?.close());

describe('operation log entries', () => {
  it('are written for changes and sign-ins, attributed to the right account', async () => {
    const created = expectOk(
      await admin.post('/v1/accounts', {
        name: `Logged ${tag}`,
        country: 'CN',
        timeZone: 'Asia/Shanghai',
        industry: '02',
        subjectType: 'personal',
        subjectName: 'Someone',
        adminEmail: `logged.${tag}@example.com`,
      }),
    );
    expectOk(await admin.put(`/v1/accounts/${created.id}`, { remark: 'changed' }));
    const page = expectOk(await admin.get('/v1/oper-logs?module=account&username=admin&pageSize=5'));
    expect(page.list.slice(0, 2).map((e: Entry) => [e.type, e.accountId])).toEqual([
      ['edit', null],
      ['add', null],
    ]);
    expect(page.list[1].description).toContain(`Logged ${tag}`);

    const signIns = expectOk(await admin.get(`/v1/oper-logs?module=auth&type=login&accountId=${shopA.accountId}`));
    expect(signIns.list.some((e: Entry) => e.username === shopA.username)).toBe(true);
    expect(signIns.list.every((e: Entry) => e.accountId === shopA.accountId && e.accountName !== null)).toBe(true);
  });
});

describe("descriptions in the reader's language", () => {
  const mark = `i${Math.random().toString(36).slice(2, 8)}`;

  it('shows a change in Chinese with the names filled in, and in English, in the list and the export', async () => {
    const name = `Front ${mark} "desk"`;
    const g = expectOk(await shopA.client.post('/v1/groups', { name }));
    const q = `/v1/oper-logs?module=group&type=add&accountId=${shopA.accountId}&pageSize=100`;
    const pick = (page: { list?: unknown }) => (page.list as Entry[]).filter((e) => e.description.includes(mark));

    const zh = pick(expectOk(await admin.withLang('zh_CN').get(q)));
    expect(zh.map((e) => e.description)).toEqual([`创建分组“${name}”（ID ${g.id}）`]);
    const en = pick(expectOk(await admin.withLang('en_US').get(q)));
    expect(en.map((e) => e.description)).toEqual([`Created group "${name}" (id ${g.id})`]);
    // the account's own reader too
    const own = pick(expectOk(await shopA.client.withLang('zh_CN').get(q.replace(/&accountId=\d+/, ''))));
    expect(own.map((e) => e.description)).toEqual([`创建分组“${name}”（ID ${g.id}）`]);

    const csv = (lang: string) =>
      download(admin, `module=group&type=add&accountId=${shopA.accountId}&lang=${lang}`).then((r) =>
        parseCsv(r.body.slice(1)).filter((row) => row[5]!.includes(mark)),
      );
    expect((await csv('zh_CN')).map((r) => r[5])).toEqual([`创建分组“${name}”（ID ${g.id}）`]);
    expect((await csv('en_US')).map((r) => r[5])).toEqual([`Created group "${name}" (id ${g.id})`]);

    // the sign-in lines are translated as well
    const signIns = expectOk(
      await admin.withLang('zh_CN').get(`/v1/oper-logs?module=auth&type=login&username=${shopA.username}`),
    );
    expect(signIns.list.map((e: Entry) => e.description)).toContain(`用户 ${shopA.username} 登录`);
  });

  it('stores the key, the values and the English text, so the description search still finds the entry', async () => {
    const name = `Back ${mark}`;
    const g = expectOk(await shopA.client.post('/v1/groups', { name }));
    const lines = await auditLines(server, 'group', 'add', `Back ${mark}`);
    expect(lines.map((l) => [l.description, l.descriptionKey, l.descriptionParams])).toEqual([
      [`Created group "${name}" (id ${g.id})`, 'log.group.add', { name, id: g.id }],
    ]);
  });

  it('inserts values as given: a name that looks like a key or a placeholder is not translated', async () => {
    const name = `error.system {{id}} ${mark}`;
    const g = expectOk(await shopA.client.post('/v1/groups', { name }));
    const q = `/v1/oper-logs?module=group&type=add&accountId=${shopA.accountId}&pageSize=100`;
    const zh = expectOk(await admin.withLang('zh_CN').get(q)).list.filter((e: Entry) =>
      e.description.includes('{{id}}'),
    );
    expect(zh.map((e: Entry) => e.description)).toEqual([`创建分组“${name}”（ID ${g.id}）`]);
  });

  it('shows entries written before keys (or with a key that is gone) as their stored text in every language', async () => {
    const who = `old${mark}`;
    await server.deps.db.insert(operLogs).values([
      { username: who, module: 'user', type: 'unlock', description: 'Unlocked user legacy' },
      {
        username: who,
        module: 'user',
        type: 'add',
        description: 'Added user gone',
        descriptionKey: 'log.no.suchKey',
        descriptionParams: { username: 'gone' },
      },
    ]);
    for (const lang of ['zh_CN', 'en_US']) {
      const page = expectOk(await admin.withLang(lang).get(`/v1/oper-logs?username=${who}`));
      expect(page.list.map((e: Entry) => e.description).sort()).toEqual(['Added user gone', 'Unlocked user legacy']);
      const rows = parseCsv((await download(admin, `username=${who}&lang=${lang}`)).body.slice(1));
      expect(
        rows
          .slice(1)
          .map((r) => r[5])
          .sort(),
      ).toEqual(['Added user gone', 'Unlocked user legacy']);
    }
    await server.deps.db.delete(operLogs).where(eq(operLogs.username, who));
  });
});

describe('GET /v1/oper-logs', () => {
  it('gives operators everything, newest first, with the account name, filtered', async () => {
    const all = expectOk(await admin.get(`/v1/oper-logs?username=${tag}`));
    expect(all.total).toBe(4);
    expect(all.list.map((e: Entry) => e.description)).toEqual([
      'B entry',
      '=HYPERLINK("http://evil","x"), "quoted"',
      'A early',
      'operator entry',
    ]);
    expect(all.list[0]).toMatchObject({
      accountId: shopB.accountId,
      username: `${tag}-bob`,
      module: 'user',
      type: 'delete',
      createdAt: '2025-01-13T12:00:00.000Z',
    });
    expect(all.list[3].accountName).toBeNull();
    expect(all.list[2].accountName).toMatch(/^Shop /);

    const names = async (q: string) =>
      expectOk(await admin.get(`/v1/oper-logs?username=${tag}&${q}`)).list.map((e: Entry) => e.description);
    expect(await names(`accountId=${shopA.accountId}`)).toEqual(['=HYPERLINK("http://evil","x"), "quoted"', 'A early']);
    expect(await names('module=user')).toEqual(['B entry', 'A early']);
    expect(await names('type=add')).toEqual(['A early', 'operator entry']);
    expect(await names('from=2025-01-11T00:00:00Z&to=2025-01-12T23:59:59Z')).toEqual([
      '=HYPERLINK("http://evil","x"), "quoted"',
      'A early',
    ]);
    // a bare end date covers that whole day
    expect(await names('from=2025-01-13&to=2025-01-13')).toEqual(['B entry']);
    expect(expectOk(await admin.get(`/v1/oper-logs?username=${tag.toUpperCase()}-ALI`)).total).toBe(2);
    expect(expectOk(await admin.get('/v1/oper-logs?username=%25')).total).toBe(0);

    const p2 = expectOk(await admin.get(`/v1/oper-logs?username=${tag}&page=2&pageSize=3`));
    expect(p2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(p2.list.map((e: Entry) => e.description)).toEqual(['operator entry']);
    // oldest first when asked (the console's time column)
    expect(await names('sortField=createdAt&sortOrder=ascend')).toEqual([
      'operator entry',
      'A early',
      '=HYPERLINK("http://evil","x"), "quoted"',
      'B entry',
    ]);
    expect(await names('sortField=createdAt&sortOrder=descend&pageSize=1')).toEqual(['B entry']);
    expectError(await admin.get(`/v1/oper-logs?sortField=ip`), 40010, 'Incorrect format');
  });

  it("scopes account users to their own account's entries and never shows operator entries", async () => {
    for (const c of [shopA.client, acQueryOnly]) {
      const page = expectOk(await c.get('/v1/oper-logs?pageSize=200'));
      expect(page.total).toBeGreaterThan(0);
      expect(page.list.every((e: Entry) => e.accountId === shopA.accountId)).toBe(true);
      expect(page.list.map((e: Entry) => e.description)).toEqual(expect.arrayContaining(['A early']));
      expect(page.list.map((e: Entry) => e.description)).not.toContain('operator entry');
      expect(page.list.map((e: Entry) => e.description)).not.toContain('B entry');
    }
    expect(expectOk(await shopA.client.get(`/v1/oper-logs?accountId=${shopA.accountId}&username=${tag}`)).total).toBe(
      2,
    );
    const cross = await shopA.client.get(`/v1/oper-logs?accountId=${shopB.accountId}`);
    expect(cross.status).toBe(403);
    expectError(cross, 40003, 'Unauthorized, Access Denied');
    expect(
      expectOk(await shopB.client.get(`/v1/oper-logs?username=${tag}`)).list.map((e: Entry) => e.description),
    ).toEqual(['B entry']);
  });

  it('validates the filters with the spec messages in both languages', async () => {
    const range = '/v1/oper-logs?from=2025-02-01&to=2025-01-01';
    const en = await admin.get(range);
    expect(en.status).toBe(400);
    expectError(en, 40010, 'The starting value cannot be greater than the ending value');
    expect(en.body.data.errors[0].field).toBe('to');
    expectError(await admin.withLang('zh_CN').get(range), 40010, '起始值不能大于结束值');
    expectError(await admin.get('/v1/oper-logs?from=soon'), 40010, 'Incorrect format');
    expectError(await admin.withLang('zh_CN').get('/v1/oper-logs?pageSize=5000'), 40010, '格式不正确');
    expectError(await admin.get('/v1/oper-logs?accountId=0'), 40010, 'Must be a positive integer');
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const none = await new Client(server).get('/v1/oper-logs');
    expect(none.status).toBe(401);
    expectError(none, 40002, 'Token invalid, please log in again');
    for (const c of [opNoLog, acNoLog]) {
      const res = await c.get('/v1/oper-logs');
      expect(res.status).toBe(403);
      expectError(res, 40003, 'Unauthorized, Access Denied');
    }
    expectError(await acNoLog.withLang('zh_CN').get('/v1/oper-logs'), 40003, '未授权，拒绝访问');
  });
});

describe('GET /v1/file/recordDownloadOperLog', () => {
  it('downloads the filtered log as CSV with a header row, escaped against formula injection', async () => {
    const res = await download(admin, `username=${tag}&lang=en_US`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="oper-log-\d{8}-\d{6}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(['Time', 'Operator', 'Account', 'Module', 'Type', 'Description', 'IP']);
    expect(rows.slice(1).map((r) => r[5])).toEqual([
      'B entry',
      `'=HYPERLINK("http://evil","x"), "quoted"`,
      'A early',
      'operator entry',
    ]);
    expect(rows[2]).toEqual([
      '2025-01-12T12:00:00.000Z',
      `${tag}-alice`,
      expect.stringMatching(/^Shop /),
      'role',
      'edit',
      expect.any(String),
      '10.0.0.1',
    ]);
    expect(rows[4]![2]).toBe('');
    // every field is quoted, so the comma inside the description does not split it
    expect(rows.every((r) => r.length === 7)).toBe(true);

    const zh = parseCsv((await download(admin, `username=${tag}&lang=zh_CN&module=user`)).body.slice(1));
    expect(zh[0]).toEqual(['时间', '操作人', '账户', '模块', '类型', '描述', 'IP']);
    expect(zh.slice(1).map((r) => r[5])).toEqual(['B entry', 'A early']);
  });

  it('scopes account users to their own account', async () => {
    const rows = parseCsv((await download(shopA.client, `username=${tag}`)).body.slice(1));
    expect(rows.slice(1).map((r) => r[5])).toEqual([`'=HYPERLINK("http://evil","x"), "quoted"`, 'A early']);
    const cross = await download(shopA.client, `accountId=${shopB.accountId}`);
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ code: 40003, message: 'Unauthorized, Access Denied' });
  });

  it('validates in both languages, needs a token and the export permission', async () => {
    const en = await download(admin, 'from=2025-02-01&to=2025-01-01&lang=en_US');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 40010,
      message: 'The starting value cannot be greater than the ending value',
    });
    expect((await download(admin, 'from=2025-02-01&to=2025-01-01&lang=zh_CN')).json().message).toBe(
      '起始值不能大于结束值',
    );
    expect((await download(admin, 'to=never')).json()).toMatchObject({ code: 40010, message: 'Incorrect format' });

    const none = await download(new Client(server), '');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(40002);
    // query permission alone does not allow the export
    expectOk(await acQueryOnly.get('/v1/oper-logs'));
    for (const c of [acQueryOnly, acNoLog, opNoLog]) {
      const res = await download(c, '');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40003);
    }
  });

  it('stops at 50,000 rows', async () => {
    const bulk = `${tag}bulk`;
    await server.deps.db.execute(sql`
      insert into oper_logs (username, module, type, description)
      select ${bulk}, 'auth', 'login', 'row ' || g from generate_series(1, 50005) g`);
    const res = await download(admin, `username=${bulk}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 50_000);
    await server.deps.db.delete(operLogs).where(eq(operLogs.username, bulk));
  });
});

describe('retention', () => {
  it('purgeExpiredRecords removes entries older than 90 days and keeps newer ones', async () => {
    const db = server.deps.db;
    const now = new Date(Date.UTC(2025, 5, 1));
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const rows = await db
      .insert(operLogs)
      .values([
        { username: `${tag}-old`, module: 'auth', type: 'login', description: 'old', createdAt: daysAgo(91) },
        { username: `${tag}-new`, module: 'auth', type: 'login', description: 'new', createdAt: daysAgo(89) },
      ])
      .returning({ id: operLogs.id, description: operLogs.description });
    const purged = await purgeExpiredRecords(db, now);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ description: operLogs.description })
      .from(operLogs)
      .where(
        inArray(
          operLogs.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.description)).toEqual(['new']);
  });

  it('deletes in batches until nothing old is left, and not at all once the server is stopping', async () => {
    const db = server.deps.db;
    const now = new Date(Date.UTC(2025, 6, 1));
    const old = new Date(now.getTime() - 91 * 86_400_000);
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      username: `${tag}-bulk`,
      module: 'auth',
      type: 'login',
      description: `bulk ${i}`,
      createdAt: old,
    }));
    for (let i = 0; i < rows.length; i += 2_000) await db.insert(operLogs).values(rows.slice(i, i + 2_000));
    const left = async () =>
      (
        await db
          .select({ n: count() })
          .from(operLogs)
          .where(eq(operLogs.username, `${tag}-bulk`))
      )[0]!.n;
    const stopping = new AbortController();
    stopping.abort();
    expect(await purgeExpiredRecords(db, now, stopping.signal)).toBe(0);
    expect(await left()).toBe(12_000);
    expect(await purgeExpiredRecords(db, now)).toBeGreaterThanOrEqual(12_000);
    expect(await left()).toBe(0);
  });

  it('is run by the scheduled jobs of a running server: at start, then every six hours', async () => {
    const db = server.deps.db;
    const insertOld = async (label: string) =>
      (
        await db
          .insert(operLogs)
          .values({
            username: `${tag}-${label}`,
            module: 'auth',
            type: 'login',
            description: label,
            createdAt: new Date(Date.now() - 91 * 86_400_000),
          })
          .returning({ id: operLogs.id })
      )[0]!.id;
    const exists = async (id: number) =>
      (await db.select({ id: operLogs.id }).from(operLogs).where(eq(operLogs.id, id))).length > 0;
    /** Wait (on I/O turns, not on a clock: timers are fake here) until the row is gone. */
    const purged = async (id: number) => {
      for (let i = 0; i < 100_000 && (await exists(id)); i++) await new Promise((r) => setImmediate(r));
      return !(await exists(id));
    };
    const first = await insertOld('scheduled-first');
    // only the job timers are faked; database I/O runs as usual
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const stop = startJobs(server.deps, server.app.log);
    try {
      expect(await exists(first)).toBe(true);
      vi.advanceTimersByTime(5_000);
      expect(await purged(first)).toBe(true);
      const second = await insertOld('scheduled-second');
      vi.advanceTimersByTime(6 * 3600 * 1000 - 5_001);
      expect(await exists(second)).toBe(true);
      vi.advanceTimersByTime(1);
      expect(await purged(second)).toBe(true);
    } finally {
      vi.useRealTimers();
      await stop();
    }
  });
});

describe('GET /v1/mails', () => {
  it('lists the outbox for operators, newest first, filtered by recipient', async () => {
    const to = `outbox.${tag}@example.com`;
    const created = expectOk(
      await admin.post('/v1/accounts', {
        name: `Outbox ${tag}`,
        country: 'SG',
        timeZone: 'Asia/Singapore',
        industry: '04',
        subjectType: 'business',
        subjectName: 'Outbox Pte',
        adminEmail: to,
      }),
    );
    expectOk(await admin.post(`/v1/accounts/${created.id}/change-admin`, { adminEmail: to }));
    const page = expectOk(await admin.get(`/v1/mails?to=${encodeURIComponent(to.toUpperCase())}`));
    expect(page.total).toBe(2);
    expect(page.list[0].id).toBeGreaterThan(page.list[1].id);
    expect(page.list[0]).toMatchObject({ to, kind: 'activation', sentAt: null, error: null });
    expect(page.list[0].link).toMatch(/\/activation\?token=/);
    expect(page.list[0].link).not.toBe(page.list[1].link);
    const all = expectOk(await admin.get('/v1/mails?pageSize=1'));
    expect(all.list).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
    // the links in it take over users: other operators, even with every account permission, are refused
    expectError(await opNoLog.get(`/v1/mails?to=${encodeURIComponent(to)}`), 40003);
  });

  it('sorts by creation time, sending time or recipient when asked', async () => {
    const to = (n: string) => `sort.${n}.${tag}@example.com`;
    const rows = await server.deps.db
      .insert(mails)
      .values([
        { to: to('b'), subject: 's', body: 'b', kind: 'activation', sentAt: new Date(Date.now() - 60_000) },
        { to: to('c'), subject: 's', body: 'b', kind: 'activation', sentAt: new Date(Date.now() - 120_000) },
        { to: to('a'), subject: 's', body: 'b', kind: 'activation', sentAt: new Date(Date.now() - 30_000) },
      ])
      .returning({ id: mails.id, to: mails.to });
    const mine = new Set(rows.map((r) => r.to));
    const order = async (q: string) =>
      expectOk(await admin.get(`/v1/mails?pageSize=100&${q}`))
        .list.map((m: { to: string }) => m.to)
        .filter((t: string) => mine.has(t));
    expect(await order('')).toEqual([to('a'), to('c'), to('b')]);
    expect(await order('sortField=createdAt&sortOrder=ascend')).toEqual([to('b'), to('c'), to('a')]);
    expect(await order('sortField=sentAt&sortOrder=ascend')).toEqual([to('c'), to('b'), to('a')]);
    expect(await order('sortField=to&sortOrder=ascend')).toEqual([to('a'), to('b'), to('c')]);
    expect(await order('sortField=to&sortOrder=descend')).toEqual([to('c'), to('b'), to('a')]);
    expectError(await admin.get('/v1/mails?sortField=subject'), 40010, 'Incorrect format');
  });

  it('validates, needs a token, and refuses account users and operators without the permission', async () => {
    const long = 'x'.repeat(200);
    expectError(await admin.get(`/v1/mails?to=${long}`), 40010, 'Too long');
    expectError(await admin.withLang('zh_CN').get(`/v1/mails?to=${long}`), 40010, '长度超出限制');
    expectError(await admin.get('/v1/mails?page=0'), 40010, 'Incorrect format');
    expectError(await new Client(server).get('/v1/mails'), 40002);
    const opLogOnly = (
      await seedRoleUser(server, { side: 'op', permissions: ['herald.oper.log', 'herald.oper.log.query'] })
    ).client;
    for (const c of [shopA.client, acNoLog, opLogOnly])
      expectError(await c.get('/v1/mails'), 40003, 'Unauthorized, Access Denied');
  });
});
