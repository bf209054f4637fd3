import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, seedRoleUser } from './fixtures';
import { createModel } from './fleet';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { auditLines, expectInvalid, uniq } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let templateA: number;
let templateB: number;

const newTemplate = async (c: Client, modelId: number) =>
  expectOk(
    await c.post('/v1/templates', {
      name: `T ${uniq()}`,
      modelId,
      body: 'Order {{no}}',
      params: [{ name: 'no', sample: '1' }],
    }),
  ).id as number;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  const modelId = (await createModel(op)).id;
  templateA = await newTemplate(A.client, modelId);
  templateB = await newTemplate(B.client, modelId);
});
afterAll(async () => server?.close());

describe('businesses', () => {
  it('creates print and broadcast businesses, lists, filters, edits, deletes; operation-log lines', async () => {
    const p = expectOk(
      await A.client.post('/v1/businesses', { name: 'Takeaway receipt', type: 0, templateId: templateA, remark: 'r' }),
    );
    expect(p).toMatchObject({
      type: 0,
      templateId: templateA,
      voiceContent: null,
      remark: 'r',
      accountId: A.accountId,
    });
    expect(p.templateName).toMatch(/^T /);
    const s = expectOk(
      await A.client.post('/v1/businesses', { name: 'Paid voice', type: 1, voiceContent: 'Received {{amount}}' }),
    );
    expect(s).toMatchObject({ type: 1, templateId: null, voiceContent: 'Received {{amount}}' });
    // a print business drops voice content, a broadcast one its template
    const n = expectOk(
      await A.client.post('/v1/businesses', {
        name: 'Notice',
        type: 2,
        voiceContent: 'New order',
        templateId: templateA,
      }),
    );
    expect(n.templateId).toBeNull();
    expect(expectOk(await A.client.get('/v1/businesses?type=1')).list.map((x: { id: number }) => x.id)).toEqual([s.id]);
    expect(expectOk(await A.client.get('/v1/businesses?name=takeaway')).list.map((x: { id: number }) => x.id)).toEqual([
      p.id,
    ]);
    expect(expectOk(await A.client.get('/v1/businesses')).total).toBe(3);
    const edited = expectOk(await A.client.put(`/v1/businesses/${s.id}`, { type: 0, templateId: templateA }));
    expect(edited).toMatchObject({ type: 0, templateId: templateA, voiceContent: null });
    expect(expectOk(await A.client.get(`/v1/businesses/${p.id}`)).name).toBe('Takeaway receipt');
    const options = expectOk(await A.client.get('/v1/common/businessListQuery'));
    expect(options).toContainEqual({ value: p.id, label: 'Takeaway receipt', type: 0 });
    expectOk(await A.client.delete(`/v1/businesses/${n.id}`));
    expectError(await A.client.get(`/v1/businesses/${n.id}`), 40004);
    expect(
      expectOk(await A.client.get('/v1/common/businessListQuery')).map((o: { value: number }) => o.value),
    ).not.toContain(n.id);
    expect((await auditLines(server, 'business', 'add', 'Takeaway receipt')).length).toBe(1);
    expect((await auditLines(server, 'business', 'edit', 'Paid voice')).length).toBe(1);
    expect((await auditLines(server, 'business', 'delete', 'Notice')).length).toBe(1);
  });

  it('validates in both languages', async () => {
    await expectInvalid(
      (c) => c.post('/v1/businesses', { name: '', type: 1, voiceContent: 'x' }),
      A.client,
      'Please input',
      '请输入',
      'name',
    );
    await expectInvalid(
      (c) => c.post('/v1/businesses', { name: `B ${uniq()}`, type: 5, voiceContent: 'x' }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'type',
    );
    await expectInvalid(
      (c) => c.post('/v1/businesses', { name: `B ${uniq()}`, type: 0 }),
      A.client,
      'A print business needs a template',
      '打印业务必须选择模板',
      'templateId',
    );
    await expectInvalid(
      (c) => c.post('/v1/businesses', { name: `B ${uniq()}`, type: 0, templateId: templateB }),
      A.client,
      'Incorrect template ID',
      '模板 ID 不正确',
      'templateId',
    );
    await expectInvalid(
      (c) => c.post('/v1/businesses', { name: `B ${uniq()}`, type: 2, voiceContent: '' }),
      A.client,
      'A broadcast or notification business needs voice content',
      '播报或通知业务必须填写语音内容',
      'voiceContent',
    );
    await expectInvalid(
      (c) => c.post('/v1/businesses', { name: `B ${uniq()}`, type: 1, voiceContent: 'x'.repeat(501) }),
      A.client,
      'Too long',
      '长度超出限制',
      'voiceContent',
    );
    const b = expectOk(await A.client.post('/v1/businesses', { name: 'Dup', type: 1, voiceContent: 'x' }));
    expectError(
      await A.client.post('/v1/businesses', { name: 'dup', type: 1, voiceContent: 'y' }),
      40009,
      'Business name already exists',
    );
    expectError(
      await A.client.withLang('zh_CN').put(`/v1/businesses/${b.id}`, { type: 0 }),
      40010,
      '打印业务必须选择模板',
    );
    expect(expectOk(await A.client.get(`/v1/businesses/${b.id}`)).type).toBe(1);
    expectOk(await B.client.post('/v1/businesses', { name: 'Dup', type: 1, voiceContent: 'x' }));
  });

  it('keeps accounts apart, needs a token and the permission', async () => {
    const b = expectOk(
      await A.client.post('/v1/businesses', { name: `Private ${uniq()}`, type: 1, voiceContent: 'x' }),
    );
    expectError(await B.client.get(`/v1/businesses/${b.id}`), 40004);
    expectError(await B.client.put(`/v1/businesses/${b.id}`, { name: 'Mine' }), 40004);
    expectError(await B.client.delete(`/v1/businesses/${b.id}`), 40004);
    expect(expectOk(await B.client.get('/v1/businesses')).list.map((x: { id: number }) => x.id)).not.toContain(b.id);
    expectError(await new Client(server).get('/v1/businesses'), 40002);
    expectError(await new Client(server).get('/v1/common/businessListQuery'), 40002);
    expectError(await op.get('/v1/businesses'), 40003);
    const staff = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.business', 'herald.dev.business.query'],
    });
    expectOk(await staff.client.get('/v1/businesses'));
    expectError(await staff.client.post('/v1/businesses', { name: 'N', type: 1, voiceContent: 'x' }), 40003);
    expectError(await staff.client.put(`/v1/businesses/${b.id}`, { name: 'N' }), 40003);
    expectError(await staff.client.delete(`/v1/businesses/${b.id}`), 40003);
  });
});
